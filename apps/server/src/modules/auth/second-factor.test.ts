// Signing in with a second factor on both engines: a right password on an account with two-step
// verification answers a challenge and no session; the challenge with a code (or a recovery code)
// opens a session that records the factor. Challenges work once, for 5 minutes, and die after 5
// wrong codes; wrong codes are also limited per account. Every attempt is in the history.
import {
  getMe,
  isSignInChallenge,
  login,
  loginSecondFactor,
  type LoginAnswer,
} from '@stratus/contract';
import { desc, eq, sessions, signInChallenges, signInEvents, sql } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testPassword, type TestApp } from '../../../test/app.ts';
import { registerConfirmedCustomer, sessionOf } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { codeAt, enrolTotp, waitForFreshStep } from '../../../test/two-step.ts';
import { deleteExpiredSignInChallenges } from './second-factor-repo.ts';

const USER_AGENT =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0';

function challengeOf(answer: LoginAnswer): string {
  if (!isSignInChallenge(answer)) throw new Error('expected a challenge, got a session');
  return answer.challenge;
}

describe.each(testEngines)('signing in with a second factor on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());
  beforeEach(() => waitForFreshStep());
  const db = () => testApp.database.db;

  const signIn = (email: string, password = testPassword) =>
    callEndpoint(testApp.app, login, {
      body: { email, password },
      headers: { 'user-agent': USER_AGENT },
      remoteAddress: '10.91.0.7',
    });
  const challengeFor = async (email: string) => challengeOf((await signIn(email)).data());
  const finish = (
    body: { challenge: string; code: string } | { challenge: string; recoveryCode: string },
  ) =>
    callEndpoint(testApp.app, loginSecondFactor, {
      body,
      headers: { 'user-agent': USER_AGENT },
      remoteAddress: '10.91.0.7',
    });
  const historyOf = async (userId: string) =>
    (
      await db()
        .select({ outcome: signInEvents.outcome, secondFactor: signInEvents.secondFactor })
        .from(signInEvents)
        .where(eq(signInEvents.userId, userId))
        .orderBy(signInEvents.createdAt, signInEvents.id)
    ).map((row) => (row.secondFactor ? `${row.outcome}:${row.secondFactor}` : row.outcome));
  const latestSession = async (userId: string) => {
    const [row] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt))
      .limit(1);
    return row;
  };

  it('keeps the plain answer for an account without a factor, recording the session as stepped up', async () => {
    const customer = await registerConfirmedCustomer(testApp);
    const wrong = await signIn(customer.email, 'wrong password 1');
    expect(wrong.statusCode).toBe(400);
    const response = await signIn(customer.email);
    expect(response.statusCode).toBe(200);
    const session = sessionOf(response.data());
    expect(Object.keys(session).sort()).toEqual(['token', 'user']);
    const row = await latestSession(customer.id);
    expect(row?.secondFactor).toBeNull();
    expect(row?.steppedUpAt).toBeInstanceOf(Date);
    expect(await historyOf(customer.id)).toEqual(['wrong_password', 'succeeded']);
  });

  it('asks for the factor after the right password, and opens a session with a code', async () => {
    const { customer, secret } = await enrolTotp(testApp);
    const wrong = await signIn(customer.email, 'wrong password 1');
    expect(wrong.statusCode).toBe(400);
    const first = await signIn(customer.email);
    expect(first.statusCode).toBe(200);
    const answer = first.data();
    expect(answer).toEqual({
      secondFactorRequired: true,
      challenge: expect.any(String),
      factors: ['totp'],
    });
    expect(JSON.stringify(answer)).not.toContain('token');
    const challenge = challengeOf(answer);
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await db()
      .select()
      .from(signInChallenges)
      .where(eq(signInChallenges.userId, customer.id));
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.tokenHash).not.toBe(challenge);

    const done = await finish({ challenge, code: codeAt(secret, Date.now()) });
    expect(done.statusCode, done.body).toBe(200);
    const { token, user } = done.data();
    expect(user.email).toBe(customer.email);
    expect((await callEndpoint(testApp.app, getMe, { token })).statusCode).toBe(200);
    const row = await latestSession(customer.id);
    expect(row?.secondFactor).toBe('totp');
    expect(row?.steppedUpAt).toBeInstanceOf(Date);
    expect(await historyOf(customer.id)).toEqual([
      'wrong_password',
      'second_factor_required',
      'succeeded:totp',
    ]);

    // The challenge worked once; the code too, even with a new challenge.
    const reused = await finish({ challenge, code: codeAt(secret, Date.now() + 30_000) });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe(20302);
    const replay = await finish({
      challenge: await challengeFor(customer.email),
      code: codeAt(secret, Date.now()),
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe(20301);
  });

  it('counts wrong codes: the challenge stays good until the fifth, then is dead', async () => {
    const { customer, secret } = await enrolTotp(testApp);
    const challenge = await challengeFor(customer.email);
    const wrongCode = codeAt(secret, Date.now() + 10 * 60_000);
    const first = await finish({ challenge, code: wrongCode });
    expect(first.statusCode).toBe(400);
    expect(first.json().code).toBe(20301);
    // A wrong code leaves the challenge usable.
    const right = await finish({ challenge, code: codeAt(secret, Date.now()) });
    expect(right.statusCode, right.body).toBe(200);

    const second = await challengeFor(customer.email);
    for (let wrong = 0; wrong < 5; wrong += 1) {
      expect((await finish({ challenge: second, code: wrongCode })).json().code).toBe(20301);
    }
    const late = await finish({ challenge: second, code: codeAt(secret, Date.now() + 30_000) });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe(20302);
    const history = await historyOf(customer.id);
    expect(history.filter((entry) => entry === 'second_factor_failed:totp')).toHaveLength(6);
  });

  it('limits wrong codes per account across challenges', async () => {
    const { customer, secret } = await enrolTotp(testApp);
    const wrongCode = codeAt(secret, Date.now() + 10 * 60_000);
    for (let round = 0; round < 2; round += 1) {
      const challenge = await challengeFor(customer.email);
      for (let wrong = 0; wrong < 5; wrong += 1) {
        expect((await finish({ challenge, code: wrongCode })).statusCode).toBe(400);
      }
    }
    // Ten wrong codes in the window: even the right code waits now.
    const throttled = await finish({
      challenge: await challengeFor(customer.email),
      code: codeAt(secret, Date.now()),
    });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().code).toBe(20305);
    expect((await historyOf(customer.id)).at(-1)).toBe('throttled');
  });

  it('refuses an expired challenge, and an unknown one alike', async () => {
    const { customer, secret } = await enrolTotp(testApp);
    const challenge = await challengeFor(customer.email);
    await db()
      .update(signInChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(signInChallenges.userId, customer.id));
    const expired = await finish({ challenge, code: codeAt(secret, Date.now()) });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe(20302);
    const unknown = await finish({ challenge: 'x'.repeat(43), code: codeAt(secret, Date.now()) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe(20302);
    // The code was not spent on the dead challenge: a fresh one takes it.
    const fresh = await finish({
      challenge: await challengeFor(customer.email),
      code: codeAt(secret, Date.now()),
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('opens a session with a recovery code, once per code', async () => {
    const { customer, recoveryCodes } = await enrolTotp(testApp);
    const done = await finish({
      challenge: await challengeFor(customer.email),
      recoveryCode: recoveryCodes[0]!,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await latestSession(customer.id))?.secondFactor).toBe('recovery_code');
    const again = await finish({
      challenge: await challengeFor(customer.email),
      recoveryCode: recoveryCodes[0]!,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 20301, data: { field: 'recoveryCode' } });
    expect((await historyOf(customer.id)).slice(-3)).toEqual([
      'succeeded:recovery_code',
      'second_factor_required',
      'second_factor_failed:recovery_code',
    ]);
  });

  it('opens one session from twenty simultaneous uses of one challenge', async () => {
    const { customer, secret } = await enrolTotp(testApp);
    const challenge = await challengeFor(customer.email);
    const code = codeAt(secret, Date.now());
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => finish({ challenge, code })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const opened = await db().select().from(sessions).where(eq(sessions.userId, customer.id));
    expect(opened.filter((row) => row.secondFactor === 'totp')).toHaveLength(1);
  });
  it('prunes challenges a day past their expiry, keeping live ones', async () => {
    const { customer } = await enrolTotp(testApp);
    await challengeFor(customer.email);
    await challengeFor(customer.email);
    const [old] = await db()
      .select({ id: signInChallenges.id })
      .from(signInChallenges)
      .where(eq(signInChallenges.userId, customer.id))
      .limit(1);
    await db()
      .update(signInChallenges)
      .set({ expiresAt: sql`now() - interval '2 days'` })
      .where(eq(signInChallenges.id, old!.id));
    expect(await deleteExpiredSignInChallenges(db())).toBeGreaterThanOrEqual(1);
    const left = await db()
      .select({ id: signInChallenges.id })
      .from(signInChallenges)
      .where(eq(signInChallenges.userId, customer.id));
    expect(left).toHaveLength(1);
    expect(left[0]!.id).not.toBe(old!.id);
  });
});
