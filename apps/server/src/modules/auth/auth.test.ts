import {
  changePassword,
  getMe,
  getWallet,
  login as loginEndpoint,
  logout as logoutEndpoint,
  register as registerEndpoint,
  rotateApiToken,
} from '@stratus/contract';
import {
  and,
  authAttempts,
  createDatabase,
  eq,
  knownSignInAddresses,
  queryRows,
  sessions,
  sql,
  users,
  type AuthAttemptKind,
} from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, testPassword, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { registerCustomer, sessionOf } from '../../../test/accounts.ts';
import { hashToken } from '../../tokens.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';

describe.each(testEngines)('auth on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
    callEndpoint(testApp.app, loginEndpoint, {
      body: { email, password },
      headers: { 'accept-language': 'en-US' },
      remoteAddress,
    });
  const me = (token: string) => callEndpoint(testApp.app, getMe, { token });

  it('starts the account in the language the visitor signed up in', async () => {
    const response = await callEndpoint(testApp.app, registerEndpoint, {
      body: { email: uniqueEmail('lang'), password: testPassword, language: 'en-US' },
    });
    expect(response.data().user.language).toBe('en-US');
    const invalid = await callEndpoint(testApp.app, registerEndpoint, {
      rawBody: { email: uniqueEmail('lang'), password: testPassword, language: 'fr-FR' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().data.field).toBe('language');
  });

  it('registers, signs in with the returned token and creates an empty wallet', async () => {
    const email = uniqueEmail('reg');
    const response = await callEndpoint(testApp.app, registerEndpoint, {
      body: { email: `  ${email.toUpperCase()} `, password: testPassword, name: 'Alice' },
    });
    expect(response.statusCode).toBe(200);
    const { code, data } = response.json();
    expect(code).toBe(0);
    expect(data.token).toMatch(/^[\w-]{43}$/);
    expect(data.user).toMatchObject({ email, name: 'Alice', role: 'customer', language: 'zh-CN' });
    expect(data.user.apiToken).toMatch(/^stk_[\w-]{43}$/);

    const profile = await me(data.token);
    expect(profile.statusCode).toBe(200);
    expect(profile.data()).toEqual(data.user);
    const wallet = await callEndpoint(testApp.app, getWallet, { token: data.token });
    expect(wallet.data()).toEqual({ wallet: { balance: 0, currency: 'CNY' } });
  });

  // The suites hash at argon2's least cost (passwords.ts); these tests need the real one.
  const useRealHashCost = () => vi.stubEnv('STRATUS_TEST_FAST_PASSWORD_HASHES', '0');
  afterEach(() => vi.unstubAllEnvs());

  it('stores argon2id hashes at the real cost and only hashes of tokens', async () => {
    useRealHashCost();
    const { token, user } = await registerCustomer(testApp);
    const [row] = await testApp.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.apiTokenHash).toBe(hashToken(user.apiToken));
    expect(row?.apiTokenCiphertext).not.toContain(user.apiToken);
    const [session] = await testApp.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(session?.tokenHash).toBe(hashToken(token));
  });

  it('refuses a second account for the same email in another case', async () => {
    const { email } = await registerCustomer(testApp);
    const response = await callEndpoint(testApp.app, registerEndpoint, {
      body: { email: email.toUpperCase(), password: testPassword },
      headers: { 'accept-language': 'en-US' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 20002,
      message: 'This email is already registered; please sign in',
      data: null,
    });
  });

  it('enforces the password rules when registering', async () => {
    for (const password of ['short1', '1234567890']) {
      const response = await callEndpoint(testApp.app, registerEndpoint, {
        body: { email: uniqueEmail(), password },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().data.field).toBe('password');
    }
  });

  it('refuses a common password or one containing the email name when registering', async () => {
    const email = `Margarethe.${Date.now()}@example.com`;
    const cases = [
      { password: 'Password1', code: 20007, message: 'This password is too common' },
      { password: 'iloveyou', code: 20007, message: 'This password is too common' },
      {
        password: `my ${email.split('@')[0]!.toUpperCase()} key`,
        code: 20008,
        message: 'The password must not contain the name part of your email',
      },
    ];
    for (const { password, code, message } of cases) {
      const response = await callEndpoint(testApp.app, registerEndpoint, {
        body: { email, password },
        headers: { 'accept-language': 'en-US' },
      });
      expect(response.statusCode, password).toBe(400);
      expect(response.json(), password).toMatchObject({ code, data: { field: 'password' } });
      expect(response.json().message).toContain(message);
    }
    // Nothing was created: the same email signs up with an acceptable password.
    const accepted = await callEndpoint(testApp.app, registerEndpoint, {
      body: { email, password: testPassword },
    });
    expect(accepted.statusCode).toBe(200);
  });

  it('gives a new token at every sign-in, with any case of the email', async () => {
    const { email, token } = await registerCustomer(testApp);
    const first = await login(email.toUpperCase(), testPassword);
    const second = await login(email, testPassword);
    expect(first.statusCode).toBe(200);
    const tokens = [token, sessionOf(first.data()).token, sessionOf(second.data()).token];
    expect(new Set(tokens).size).toBe(3);
    for (const each of tokens) expect((await me(each)).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const { email } = await registerCustomer(testApp);
    const wrongPassword = await login(email, 'not the password');
    const unknownEmail = await login(uniqueEmail('nobody'), 'not the password');
    expect(wrongPassword.statusCode).toBe(400);
    expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
    expect(wrongPassword.json()).toEqual({
      code: 20001,
      message: 'Incorrect email or password',
      data: null,
    });
    expect(unknownEmail.body).toBe(wrongPassword.body);
  });

  it('spends alike time on an unknown email and a wrong password', async () => {
    useRealHashCost();
    const { email } = await registerCustomer(testApp);
    const timed = async (attempt: () => Promise<unknown>) => {
      const started = performance.now();
      await attempt();
      return performance.now() - started;
    };
    const wrongPassword: number[] = [];
    const unknownEmail: number[] = [];
    // Interleaved, so a burst of load on a busy CI machine slows both kinds alike.
    for (let round = 0; round < 5; round += 1) {
      wrongPassword.push(await timed(() => login(email, 'not the password')));
      unknownEmail.push(await timed(() => login(uniqueEmail('nobody'), 'not the password')));
    }
    const median = (times: number[]) => times.sort((a, b) => a - b)[2] ?? 0;
    // Both verify an argon2id hash; without the dummy check the unknown email would be far faster.
    expect(median(unknownEmail)).toBeGreaterThan(median(wrongPassword) * 0.3);
  });

  it('logs out the presented session only', async () => {
    const { email, token } = await registerCustomer(testApp);
    const other = sessionOf((await login(email, testPassword)).data()).token;
    const response = await callEndpoint(testApp.app, logoutEndpoint, { token });
    expect(response.json()).toEqual({ code: 0, message: 'ok', data: null });
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('answers 401 in the envelope without a valid token', async () => {
    const cases = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Bearer garbage-token-that-is-long-enough' },
      { authorization: 'Bearer stk_garbage-token-that-is-long-enough' },
      { authorization: 'Basic dXNlcjpwYXNz' },
    ];
    for (const headers of cases) {
      const response = await callEndpoint(testApp.app, getMe, { headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 10101,
        message: '登录已失效，请重新登录',
        data: null,
      });
    }
    const logout = await callEndpoint(testApp.app, logoutEndpoint);
    expect(logout.statusCode).toBe(401);
  });

  it('expires idle sessions', async () => {
    const { token, user } = await registerCustomer(testApp);
    await testApp.database.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '13 hours'` })
      .where(eq(sessions.userId, user.id));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('keeps used sessions alive, writing the last use at most once a minute', async () => {
    const { token, user } = await registerCustomer(testApp);
    const lastUse = async () => {
      const [row] = await testApp.database.db
        .select({ lastUsedAt: sessions.lastUsedAt })
        .from(sessions)
        .where(eq(sessions.userId, user.id));
      return row?.lastUsedAt.getTime() ?? 0;
    };
    await testApp.database.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '11 hours'` })
      .where(eq(sessions.userId, user.id));
    const before = await lastUse();
    expect((await me(token)).statusCode).toBe(200);
    const touched = await lastUse();
    expect(touched).toBeGreaterThan(before + 10 * 3_600_000);
    expect((await me(token)).statusCode).toBe(200);
    expect(await lastUse()).toBe(touched);
  });

  it('ends sessions at their absolute lifetime', async () => {
    const { token, user } = await registerCustomer(testApp);
    const [session] = await testApp.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    const lifetime = (session?.expiresAt.getTime() ?? 0) - (session?.createdAt.getTime() ?? 0);
    expect(Math.round(lifetime / 86_400_000)).toBe(7);
    await testApp.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, user.id));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('keeps the API token through a password change; rotating it revokes it', async () => {
    const { token, user } = await registerCustomer(testApp);
    const changed = await callEndpoint(testApp.app, changePassword, {
      token,
      body: { currentPassword: testPassword, newPassword: 'a brand new secret 7' },
    });
    expect(changed.statusCode).toBe(200);
    // Programs using the token keep working: most providers treat the two as separate secrets.
    expect((await me(user.apiToken)).statusCode).toBe(200);
    const rotated = await callEndpoint(testApp.app, rotateApiToken, { token });
    expect(rotated.statusCode).toBe(200);
    expect((await me(user.apiToken)).statusCode).toBe(401);
    expect((await me(rotated.data().apiToken)).statusCode).toBe(200);
  });

  it('turns disabled accounts away', async () => {
    const { email, token, user } = await registerCustomer(testApp);
    await testApp.database.db
      .update(users)
      .set({ disabledAt: sql`now()` })
      .where(eq(users.id, user.id));
    expect((await me(token)).statusCode).toBe(401);
    const apiCall = await me(user.apiToken);
    expect(apiCall.statusCode).toBe(401);
    const signIn = await login(email, testPassword);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().code).toBe(20003);
    expect((await login(email, 'wrong password')).json().code).toBe(20001);
  });
});

describe.each(testEngines)('session lifetimes from configuration on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    // About 3.6 seconds idle, about 8.6 seconds in all.
    testApp = await createTestApp(engine, {
      env: { SESSION_IDLE_HOURS: '0.001', SESSION_MAX_DAYS: '0.0001' },
    });
  });
  afterAll(() => testApp?.close());

  it('uses SESSION_IDLE_HOURS and SESSION_MAX_DAYS', async () => {
    const { token, user } = await registerCustomer(testApp);
    const [session] = await testApp.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    const lifetime = (session?.expiresAt.getTime() ?? 0) - (session?.createdAt.getTime() ?? 0);
    expect(lifetime).toBeGreaterThan(8_000);
    expect(lifetime).toBeLessThan(9_000);
    const me = () => callEndpoint(testApp.app, getMe, { token });
    expect((await me()).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect((await me()).statusCode).toBe(401);
  });
});

describe.each(testEngines)('sign-in throttling on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine, {
      env: {
        LOGIN_ACCOUNT_ADDRESS_MAX_FAILURES: '3',
        LOGIN_ADDRESS_MAX_FAILURES: '5',
        LOGIN_ACCOUNT_MAX_FAILURES: '8',
        REGISTER_ADDRESS_MAX: '2',
      },
    });
  });
  afterAll(() => testApp?.close());

  const login = (email: string, password: string, remoteAddress: string) =>
    callEndpoint(testApp.app, loginEndpoint, {
      body: { email, password },
      headers: { 'accept-language': 'en-US' },
      remoteAddress,
    });
  const register = (remoteAddress: string) =>
    callEndpoint(testApp.app, registerEndpoint, {
      body: { email: uniqueEmail('throttle'), password: testPassword },
      headers: { 'accept-language': 'en-US' },
      remoteAddress,
    });
  const registeredEmail = async (remoteAddress: string) =>
    (await register(remoteAddress)).data().user.email as string;

  it('locks an account out for the guessing address only; the owner elsewhere signs in', async () => {
    const email = await registeredEmail('10.0.0.1');
    const failures = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const failed = await login(email, 'wrong password', '10.0.1.1');
      expect(failed.statusCode).toBe(400);
      failures.push(failed.json());
    }
    // The last failure before the pause warns; the one that starts it says how long it lasts
    // (the window's 60 minutes: the first failure has just been counted).
    expect(failures).toEqual([
      { code: 20001, message: 'Incorrect email or password', data: null },
      {
        code: 20010,
        message: 'Incorrect email or password. One more failure pauses sign-in for 60 min',
        data: null,
      },
      {
        code: 20011,
        message:
          'Incorrect email or password. Too many failures: sign-in is paused; try again in 60 min',
        data: null,
      },
    ]);
    // The password is no longer checked from that address, even the right one.
    const locked = await login(email, testPassword, '10.0.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      code: 20005,
      message: 'Too many failed sign-in attempts; please try again in 60 min',
      data: null,
    });
    // An unknown email locked out the same way answers the same, step by step.
    const unknown = uniqueEmail('nobody');
    const unknownFailures = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      unknownFailures.push((await login(unknown, 'guess', '10.0.1.5')).json());
    }
    expect(unknownFailures).toEqual(failures);
    expect((await login(unknown, 'guess', '10.0.1.5')).body).toBe(locked.body);
    // The time said is the limit's real remaining time: 25 minutes later, 35 are left.
    await testApp.database.db
      .update(authAttempts)
      .set({ createdAt: sql`${authAttempts.createdAt} - interval '25 minutes'` })
      .where(
        and(
          eq(authAttempts.kind, 'login_account_address'),
          eq(authAttempts.key, `${email}|10.0.1.1`),
        ),
      );
    expect((await login(email, testPassword, '10.0.1.1')).json().message).toBe(
      'Too many failed sign-in attempts; please try again in 35 min',
    );
    // The owner, from a clean address, is not locked out.
    expect((await login(email, testPassword, '10.0.1.2')).statusCode).toBe(200);
    // The guessing address may still try other accounts until its own limit.
    const other = await registeredEmail('10.0.0.2');
    expect((await login(other, testPassword, '10.0.1.1')).statusCode).toBe(200);
  });

  it('keeps a ceiling per account against guessing spread over many addresses', async () => {
    const email = await registeredEmail('10.0.0.3');
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      expect((await login(email, 'wrong password', `10.0.4.${attempt}`)).statusCode).toBe(400);
    }
    const ceiling = await login(email, testPassword, '10.0.4.100');
    expect(ceiling.statusCode).toBe(429);
    expect(ceiling.json().code).toBe(20005);
  });

  it('keeps the owner’s own allowance at addresses it signed in from in the last 90 days', async () => {
    const email = await registeredEmail('10.0.6.1');
    expect((await login(email, testPassword, '10.0.6.2')).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      expect((await login(email, 'wrong password', `10.0.7.${attempt}`)).statusCode).toBe(400);
    }
    // The ceiling holds for every other address, even with the right password…
    expect((await login(email, testPassword, '10.0.7.100')).statusCode).toBe(429);
    // …but not where the account signed up or signed in before.
    expect((await login(email, testPassword, '10.0.6.1')).statusCode).toBe(200);
    expect((await login(email, testPassword, '10.0.6.2')).statusCode).toBe(200);
    // A known address still has its own limit: guessing there pauses it like anywhere.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await login(email, 'wrong password', '10.0.6.2')).statusCode).toBe(400);
    }
    expect((await login(email, testPassword, '10.0.6.2')).statusCode).toBe(429);
    // An address last used over 90 days ago is a stranger again.
    await testApp.database.db
      .update(knownSignInAddresses)
      .set({ lastSignedInAt: sql`now() - interval '91 days'` })
      .where(eq(knownSignInAddresses.address, '10.0.6.1'));
    expect((await login(email, testPassword, '10.0.6.1')).statusCode).toBe(429);
  });

  it('does not count successful sign-ins as failures', async () => {
    const email = await registeredEmail('10.0.0.4');
    for (let attempt = 0; attempt < 6; attempt += 1) {
      expect((await login(email, testPassword, '10.0.5.1')).statusCode).toBe(200);
    }
    expect((await login(email, 'wrong password', '10.0.5.1')).statusCode).toBe(400);
    expect((await login(email, 'wrong password', '10.0.5.1')).statusCode).toBe(400);
    expect((await login(email, testPassword, '10.0.5.1')).statusCode).toBe(200);
    const outcomes = await testApp.database.db
      .select({ succeeded: authAttempts.succeeded })
      .from(authAttempts)
      .where(
        and(
          eq(authAttempts.kind, 'login_account_address'),
          eq(authAttempts.key, `${email}|10.0.5.1`),
        ),
      );
    expect(outcomes.filter((row) => row.succeeded === true)).toHaveLength(7);
    expect(outcomes.filter((row) => row.succeeded === false)).toHaveLength(2);
    expect(outcomes.filter((row) => row.succeeded === null)).toHaveLength(0);
  });

  it('throttles an address that guesses across many accounts', async () => {
    const address = '10.0.2.1';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(uniqueEmail('guess'), 'guess', address)).statusCode).toBe(400);
    }
    const blocked = await login(uniqueEmail('guess'), 'guess', address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe(20005);
    expect((await login(uniqueEmail('guess'), 'guess', '10.0.2.2')).statusCode).toBe(400);
  });

  it('limits registrations per address', async () => {
    expect((await register('10.0.3.1')).statusCode).toBe(200);
    expect((await register('10.0.3.1')).statusCode).toBe(200);
    const third = await register('10.0.3.1');
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe(20006);
    expect((await register('10.0.3.2')).statusCode).toBe(200);
  });
});

describe.each(testEngines)('sign-in throttling under concurrent bursts on %s', (engine) => {
  let testApp: TestApp;
  // At the real hash cost, as in production and as before the suites' fast hashes: a burst's
  // requests meet the pool (10 connections, 10 s to get one) spaced out by their hashing.
  beforeEach(() => vi.stubEnv('STRATUS_TEST_FAST_PASSWORD_HASHES', '0'));
  afterEach(() => vi.unstubAllEnvs());
  beforeAll(async () => {
    testApp = await createTestApp(engine, {
      env: {
        LOGIN_ADDRESS_MAX_FAILURES: '30',
        LOGIN_ACCOUNT_MAX_FAILURES: '50',
        LOGIN_ACCOUNT_ADDRESS_MAX_FAILURES: '1000',
        REGISTER_ADDRESS_MAX: '5',
      },
    });
  });
  afterAll(() => testApp?.close());

  const login = (email: string, password: string, remoteAddress: string) =>
    callEndpoint(testApp.app, loginEndpoint, { body: { email, password }, remoteAddress });
  /** How many answers had each status: every answer but a 429 checked a password. */
  const tally = (responses: { statusCode: number }[]) => {
    const counts: Record<number, number> = {};
    for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  };
  const attemptsOf = async (kind: AuthAttemptKind, key: string) => {
    const rows = await testApp.database.db
      .select({ succeeded: authAttempts.succeeded })
      .from(authAttempts)
      .where(and(eq(authAttempts.kind, kind), eq(authAttempts.key, key)));
    return {
      recorded: rows.length,
      unsettled: rows.filter((row) => row.succeeded === null).length,
    };
  };

  it('checks at most the address limit of 100 simultaneous wrong passwords', async () => {
    const { email } = await registerCustomer(testApp);
    const address = '10.9.0.1';
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => login(email, 'wrong password', address)),
    );
    expect(tally(responses)).toEqual({ 400: 30, 429: 70 });
    expect(await attemptsOf('login_address', address)).toEqual({ recorded: 30, unsettled: 0 });
  }, 120_000);

  // The audit's burst: 300 guesses from many addresses at one account. The claims queue for the
  // account's turn in memory, not on pooled connections (which once made other requests wait
  // past the pool's 10 s: a 503), so other customers are served all the while.
  it('checks at most the account ceiling of 300 simultaneous guesses, serving others meanwhile', async () => {
    const { email } = await registerCustomer(testApp);
    // Each from an address of its own: this suite allows few sign-ups per address.
    const others = await Promise.all(
      Array.from({ length: 5 }, async (_, index) => {
        const signedUp = await callEndpoint(testApp.app, registerEndpoint, {
          body: { email: uniqueEmail('other'), password: testPassword },
          remoteAddress: `10.6.0.${index}`,
        });
        return { token: signedUp.data().token };
      }),
    );
    let burstDone = false;
    const burst = Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        login(email, 'wrong password', `10.8.${Math.floor(index / 100)}.${index % 100}`),
      ),
    ).finally(() => {
      burstDone = true;
    });
    const served: number[] = [];
    // On PostgreSQL, a connection of its own watches for backends queued on an advisory lock:
    // a claim only ever tries the lock, so none may wait there holding a pooled connection.
    const watcher =
      engine === 'postgres' ? await createDatabase({ url: testApp.database.url }) : null;
    let mostWaiting = 0;
    while (!burstDone) {
      if (watcher) {
        const [row] = await queryRows<{ waiting: number }>(
          watcher.db,
          // This database's backends only: other suites' run beside it on the same server.
          sql`select count(*)::int as waiting from pg_stat_activity
              where datname = current_database()
                and wait_event_type = 'Lock' and wait_event = 'advisory'`,
        );
        mostWaiting = Math.max(mostWaiting, row?.waiting ?? 0);
      }
      const round = await Promise.all(
        others.map(({ token }) => callEndpoint(testApp.app, getMe, { token })),
      );
      served.push(...round.map((response) => response.statusCode));
      // A round on the embedded database may finish in microtasks alone: let timers run.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const responses = await burst;
    await watcher?.close();
    expect(mostWaiting).toBe(0);
    expect(tally(responses)).toEqual({ 400: 50, 429: 250 });
    expect(await attemptsOf('login_account', email)).toEqual({ recorded: 50, unsettled: 0 });
    expect(served.length).toBeGreaterThanOrEqual(others.length);
    expect(new Set(served)).toEqual(new Set([200]));
  }, 120_000);

  it.runIf(engine === 'postgres')(
    'holds the limit across two servers sharing one database',
    async () => {
      const database = await createDatabase({ url: testApp.database.url });
      const secondServer = await buildApp({ config: testApp.config, database, logger: false });
      try {
        const { email } = await registerCustomer(testApp);
        const address = '10.9.0.2';
        const responses = await Promise.all(
          Array.from({ length: 80 }, (_, index) =>
            callEndpoint(index % 2 ? secondServer : testApp.app, loginEndpoint, {
              body: { email, password: 'wrong password' },
              remoteAddress: address,
            }),
          ),
        );
        expect(tally(responses)).toEqual({ 400: 30, 429: 50 });
      } finally {
        await secondServer.close();
        await database.close();
      }
    },
    120_000,
  );

  it('admits at most the sign-up limit of a simultaneous burst from one address', async () => {
    const address = '10.7.0.1';
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        callEndpoint(testApp.app, registerEndpoint, {
          body: { email: uniqueEmail('burst'), password: testPassword },
          remoteAddress: address,
        }),
      ),
    );
    expect(tally(responses)).toEqual({ 200: 5, 429: 15 });
    expect((await attemptsOf('register_address', address)).recorded).toBe(5);
  }, 120_000);
});
