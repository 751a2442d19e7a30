import { randomUUID } from 'node:crypto';
import {
  errors,
  getWallet,
  listSecuritySessions,
  listSignInHistory,
  login,
  revokeOtherSecuritySessions,
  revokeSecuritySession,
  SIGN_IN_HISTORY_DAYS,
  type SignInOutcome,
} from '@stratus/contract';
import { createDatabase, eq, sessions, signInEvents } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testPassword, type TestApp } from '../../../test/app.ts';
import { registerCustomer, registerStaff, sessionOf } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { hashToken } from '../../tokens.ts';
import { pruneSignInHistory } from './public.ts';

const DAY_MS = 86_400_000;
const chromeOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each(testEngines)('devices and sign-in history on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  /** Another session of the account, opened through the sign-in endpoint with `userAgent`. */
  const signIn = async (email: string, userAgent?: string) => {
    const response = await callEndpoint(testApp.app, login, {
      body: { email, password: testPassword },
      headers: { 'user-agent': userAgent },
    });
    expect(response.statusCode).toBe(200);
    return sessionOf(response.data()).token;
  };
  const sessionsOf = async (token: string) => {
    const response = await callEndpoint(testApp.app, listSecuritySessions, { token });
    expect(response.statusCode).toBe(200);
    return response.data();
  };
  const walletStatus = async (token: string) =>
    (await callEndpoint(testApp.app, getWallet, { token })).statusCode;

  it('lists the live sessions with their device, factor and the current one marked', async () => {
    const { email, user } = await registerCustomer(testApp);
    const phone = await signIn(email, safariOnIphone);
    const desk = await signIn(email, chromeOnWindows);
    const db = testApp.database.db;
    // One opened with a passkey; one each revoked, past its expiry and idle past the timeout.
    await db
      .update(sessions)
      .set({ secondFactor: 'passkey' })
      .where(eq(sessions.tokenHash, hashToken(phone)));
    const revoked = await signIn(email);
    const expired = await signIn(email);
    const idle = await signIn(email);
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(revoked)));
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(expired)));
    await db
      .update(sessions)
      .set({
        lastUsedAt: new Date(Date.now() - (testApp.config.sessions.idleHours + 1) * 3_600_000),
      })
      .where(eq(sessions.tokenHash, hashToken(idle)));

    const listed = await sessionsOf(desk);
    expect(listed.total).toBe(3);
    expect(listed.items).toHaveLength(3);
    const byAgent = new Map(listed.items.map((item) => [item.userAgent, item]));
    expect(byAgent.get(chromeOnWindows)).toEqual({
      id: expect.any(String),
      device: { browser: 'Chrome', system: 'Windows' },
      userAgent: chromeOnWindows,
      ip: '127.0.0.1',
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      secondFactor: null,
      current: true,
    });
    expect(byAgent.get(safariOnIphone)).toMatchObject({
      device: { browser: 'Safari', system: 'iOS' },
      secondFactor: 'passkey',
      current: false,
    });
    expect(listed.items.filter((item) => item.current)).toHaveLength(1);
    // From the phone, the phone is the current one.
    const fromPhone = await sessionsOf(phone);
    expect(fromPhone.items.find((item) => item.current)?.userAgent).toBe(safariOnIphone);
    // The personal API token has no session of its own: none is current.
    const fromToken = await sessionsOf(user.apiToken);
    expect(fromToken.items.map((item) => item.current)).toEqual([false, false, false]);
    // Another account sees only its own.
    const other = await registerCustomer(testApp);
    const others = await sessionsOf(other.token);
    expect(others.items.map((item) => item.current)).toEqual([true]);
  });

  it('signs one session out: its token is refused on the next request, the caller stays', async () => {
    const { token, email } = await registerCustomer(testApp);
    const second = await signIn(email, chromeOnWindows);
    const target = (await sessionsOf(token)).items.find((item) => !item.current)!;
    expect(await walletStatus(second)).toBe(200);

    const revoked = await callEndpoint(testApp.app, revokeSecuritySession, {
      token,
      params: { id: target.id },
    });
    expect(revoked.statusCode).toBe(200);
    expect(await walletStatus(second)).toBe(401);
    expect(await walletStatus(token)).toBe(200);
    expect((await sessionsOf(token)).items.map((item) => item.current)).toEqual([true]);
    // Again: already signed out, nothing changes.
    const again = await callEndpoint(testApp.app, revokeSecuritySession, {
      token,
      params: { id: target.id },
    });
    expect(again.statusCode).toBe(200);
  });

  it("answers 404 for another account's session and an unknown one, and leaves it alone", async () => {
    const owner = await registerCustomer(testApp);
    const stranger = await registerStaff(testApp, 'owner');
    const [ownerSession] = (await sessionsOf(owner.token)).items;
    for (const id of [ownerSession!.id, randomUUID()]) {
      const refused = await callEndpoint(testApp.app, revokeSecuritySession, {
        token: stranger.token,
        params: { id },
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({
        code: errors.sessionNotFound.code,
        message: errors.sessionNotFound.message['zh-CN'],
      });
    }
    expect(await walletStatus(owner.token)).toBe(200);
  });

  it('signs every other live session out and keeps the current one', async () => {
    const { token, email } = await registerCustomer(testApp);
    const others = [await signIn(email), await signIn(email), await signIn(email)];
    // One already past its expiry is not counted.
    await testApp.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(others[2]!)));

    const response = await callEndpoint(testApp.app, revokeOtherSecuritySessions, { token });
    expect(response.statusCode).toBe(200);
    expect(response.data()).toEqual({ revoked: 2 });
    for (const other of others) expect(await walletStatus(other)).toBe(401);
    expect(await walletStatus(token)).toBe(200);
    expect((await sessionsOf(token)).items.map((item) => item.current)).toEqual([true]);
    const none = await callEndpoint(testApp.app, revokeOtherSecuritySessions, { token });
    expect(none.data()).toEqual({ revoked: 0 });
  });

  it('signs every session out when the personal API token asks', async () => {
    const { token, email, user } = await registerCustomer(testApp);
    const second = await signIn(email);
    const response = await callEndpoint(testApp.app, revokeOtherSecuritySessions, {
      token: user.apiToken,
    });
    expect(response.data()).toEqual({ revoked: 2 });
    expect(await walletStatus(token)).toBe(401);
    expect(await walletStatus(second)).toBe(401);
    expect(await walletStatus(user.apiToken)).toBe(200);
  });

  /** A sign-in attempt of `userId`, `daysAgo` days ago. */
  const insertSignIn = async (
    userId: string,
    daysAgo: number,
    outcome: SignInOutcome,
    extra: Partial<typeof signInEvents.$inferInsert> = {},
  ) => {
    const [row] = await testApp.database.db
      .insert(signInEvents)
      .values({
        userId,
        outcome,
        ip: '203.0.113.9',
        userAgent: chromeOnWindows,
        createdAt: new Date(Date.now() - daysAgo * DAY_MS),
        ...extra,
      })
      .returning({ id: signInEvents.id });
    return row!.id;
  };

  it('lists the sign-in history of the last 90 days, newest first, a page at a time', async () => {
    const { token, user } = await registerCustomer(testApp);
    const stranger = await registerCustomer(testApp);
    const old = await insertSignIn(user.id, SIGN_IN_HISTORY_DAYS + 1, 'succeeded');
    const weekAgo = await insertSignIn(user.id, 7, 'wrong_password', {
      userAgent: safariOnIphone,
      ip: '2001:db8::1',
    });
    const yesterday = await insertSignIn(user.id, 1, 'succeeded', { secondFactor: 'totp' });
    const monthAgo = await insertSignIn(user.id, 30, 'second_factor_failed', { userAgent: null });
    await insertSignIn(stranger.user.id, 2, 'succeeded');

    const first = await callEndpoint(testApp.app, listSignInHistory, {
      token,
      query: { page: 1, pageSize: 2 },
    });
    expect(first.statusCode).toBe(200);
    expect(first.data()).toEqual({
      items: [
        {
          id: yesterday,
          outcome: 'succeeded',
          secondFactor: 'totp',
          ip: '203.0.113.9',
          device: { browser: 'Chrome', system: 'Windows' },
          userAgent: chromeOnWindows,
          createdAt: expect.any(String),
        },
        {
          id: weekAgo,
          outcome: 'wrong_password',
          secondFactor: null,
          ip: '2001:db8::1',
          device: { browser: 'Safari', system: 'iOS' },
          userAgent: safariOnIphone,
          createdAt: expect.any(String),
        },
      ],
      total: 3,
      page: 1,
      pageSize: 2,
    });
    const second = await callEndpoint(testApp.app, listSignInHistory, {
      token,
      query: { page: 2, pageSize: 2 },
    });
    expect(second.data().items).toEqual([
      expect.objectContaining({
        id: monthAgo,
        outcome: 'second_factor_failed',
        device: { browser: null, system: null },
        userAgent: null,
      }),
    ]);
    expect(second.data().items.map((item) => item.id)).not.toContain(old);

    // The hourly pruning forgets the attempt older than the history shows, and only it.
    const pruned = await pruneSignInHistory(testApp.database.db);
    expect(pruned).toBeGreaterThanOrEqual(1);
    const left = await testApp.database.db
      .select({ id: signInEvents.id })
      .from(signInEvents)
      .where(eq(signInEvents.userId, user.id));
    expect(left.map((row) => row.id).sort()).toEqual([weekAgo, yesterday, monthAgo].sort());
  });
});

describe.skipIf(!testEngines.includes('postgres'))(
  'signing a session out on two servers sharing one PostgreSQL database',
  () => {
    const cachesOn = { SESSION_CACHE_MS: '1000' };
    let first: TestApp;
    let second: TestApp;
    beforeAll(async () => {
      first = await createTestApp('postgres', { env: cachesOn });
      const url = first.database.url;
      if (!url) throw new Error('a PostgreSQL test database has a URL');
      second = await createTestApp('postgres', {
        env: cachesOn,
        database: await createDatabase({ url }),
      });
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it('has the other server refuse a session signed out through this one', async () => {
      const { token, email } = await registerCustomer(first);
      const other = sessionOf(
        (await callEndpoint(first.app, login, { body: { email, password: testPassword } })).data(),
      ).token;
      const statusOnSecond = async (bearer: string) =>
        (await callEndpoint(second.app, getWallet, { token: bearer })).statusCode;
      // Now cached on the second server (past a second while its change bus is heard).
      expect(await statusOnSecond(other)).toBe(200);
      expect(await statusOnSecond(token)).toBe(200);

      const target = (await callEndpoint(first.app, listSecuritySessions, { token }))
        .data()
        .items.find((item) => !item.current)!;
      const revoked = await callEndpoint(first.app, revokeSecuritySession, {
        token,
        params: { id: target.id },
      });
      expect(revoked.statusCode).toBe(200);
      await expect.poll(() => statusOnSecond(other), { timeout: 20_000 }).toBe(401);
      expect(await statusOnSecond(token)).toBe(200);

      // Revoke-others through the second server: the first refuses at once.
      const third = sessionOf(
        (await callEndpoint(first.app, login, { body: { email, password: testPassword } })).data(),
      ).token;
      expect((await callEndpoint(first.app, getWallet, { token: third })).statusCode).toBe(200);
      const all = await callEndpoint(second.app, revokeOtherSecuritySessions, { token });
      expect(all.data()).toEqual({ revoked: 1 });
      await expect
        .poll(async () => (await callEndpoint(first.app, getWallet, { token: third })).statusCode, {
          timeout: 20_000,
        })
        .toBe(401);
    });
  },
);
