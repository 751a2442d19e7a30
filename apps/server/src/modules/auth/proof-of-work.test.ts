import {
  login as loginEndpoint,
  proofOfWorkChallenge,
  register as registerEndpoint,
  requestPasswordReset,
  type ProofOfWorkChallenge,
} from '@stratus/contract';
import { authAttempts, count, eq } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testPassword, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { createProofsOfWork, PROOF_OF_WORK_VALID_SECONDS } from './proof-of-work.ts';
import { proofOfWorkNeeded } from './throttle.ts';

describe('the rule that asks for a proof of work', () => {
  it('asks once any count reaches the threshold, not before', () => {
    expect(proofOfWorkNeeded([0, 0], 3)).toBe(false);
    expect(proofOfWorkNeeded([2, 2], 3)).toBe(false);
    expect(proofOfWorkNeeded([3, 0], 3)).toBe(true);
    expect(proofOfWorkNeeded([0, 3], 3)).toBe(true);
    expect(proofOfWorkNeeded([7, 1], 3)).toBe(true);
  });
});

/** The widget's payload for a solved challenge: base64 of `{challenge, solution}`. */
async function solve(challenge: ProofOfWorkChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe.each(testEngines)('proof of work on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine, {
      env: { PROOF_OF_WORK_AFTER: '3', LOGIN_ACCOUNT_ADDRESS_MAX_FAILURES: '5' },
    });
  });
  afterAll(() => testApp?.close());
  afterEach(() => vi.useRealTimers());

  // Every test signs in from addresses of its own, so the counts of one never reach another.
  let addresses = 0;
  const freshAddress = () => {
    addresses += 1;
    return `10.${engine === 'pglite' ? 77 : 78}.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
  };
  const en = { 'accept-language': 'en-US' };

  const login = (email: string, password: string, remoteAddress: string, proofOfWork?: string) =>
    callEndpoint(testApp.app, loginEndpoint, {
      body: { email, password, ...(proofOfWork ? { proofOfWork } : {}) },
      headers: en,
      remoteAddress,
    });
  const signUp = (remoteAddress: string, proofOfWork?: string) =>
    callEndpoint(testApp.app, registerEndpoint, {
      body: {
        email: uniqueEmail('pow'),
        password: testPassword,
        ...(proofOfWork ? { proofOfWork } : {}),
      },
      headers: en,
      remoteAddress,
    });
  const askReset = (email: string, remoteAddress: string, proofOfWork?: string) =>
    callEndpoint(testApp.app, requestPasswordReset, {
      body: { email, ...(proofOfWork ? { proofOfWork } : {}) },
      headers: en,
      remoteAddress,
    });
  const freshProof = async () => {
    const response = await callEndpoint(testApp.app, proofOfWorkChallenge);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    return solve(response.data());
  };
  const registered = async () => {
    const response = await signUp(freshAddress());
    expect(response.statusCode).toBe(200);
    return response.data().user.email;
  };
  const attemptsOn = async (email: string) => {
    const [row] = await testApp.database.db
      .select({ attempts: count() })
      .from(authAttempts)
      .where(eq(authAttempts.key, email));
    return row?.attempts ?? 0;
  };
  const expectError = (response: { statusCode: number; json(): unknown }, code: number) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code });
  };

  it('issues a signed PBKDF2 challenge that expires in about 10 minutes', async () => {
    const challenge = (await callEndpoint(testApp.app, proofOfWorkChallenge)).data();
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    const secondsLeft = (challenge.parameters.expiresAt ?? 0) - Date.now() / 1000;
    expect(secondsLeft).toBeGreaterThan(PROOF_OF_WORK_VALID_SECONDS - 10);
    expect(secondsLeft).toBeLessThanOrEqual(PROOF_OF_WORK_VALID_SECONDS);
  });

  it('asks after three failed sign-ins from an address; a proof lets the password be checked, once', async () => {
    const email = await registered();
    const address = freshAddress();
    // Two failures ask nothing of the third attempt: its password is checked.
    for (const expected of [20001, 20001, 20001]) {
      expectError(await login(email, 'wrong password', address), expected);
    }
    const counted = await attemptsOn(email);
    const refused = await login(email, testPassword, address);
    expectError(refused, 20040);
    expect(refused.json()).toEqual({
      code: 20040,
      message: 'There have been several attempts; please complete the check below first',
      data: { field: 'proofOfWork' },
    });
    // Refused before the throttling: nothing was counted as a password check.
    expect(await attemptsOn(email)).toBe(counted);

    const proof = await freshProof();
    const signedIn = await login(email, testPassword, address, proof);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.data()).toHaveProperty('token');
    // The same solution again is refused, whatever the password.
    expectError(await login(email, testPassword, address, proof), 20041);
  });

  it('asks after three failures on one account from as many addresses, known or not, alike', async () => {
    const known = await registered();
    const unknown = uniqueEmail('nobody');
    const answers = [];
    for (const email of [known, unknown]) {
      for (let failure = 0; failure < 3; failure += 1) {
        expectError(await login(email, 'wrong password', freshAddress()), 20001);
      }
      const refused = await login(email, 'wrong password', freshAddress());
      answers.push(refused.json());
      const checked = await login(email, 'wrong password', freshAddress(), await freshProof());
      answers.push(checked.json());
    }
    // The same answers whether or not the account exists.
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[1]).toEqual(answers[3]);
    expect(answers[0]).toMatchObject({ code: 20040 });
    expect(answers[1]).toMatchObject({ code: 20001 });
  });

  it('refuses a tampered, malformed, foreign or expired proof', async () => {
    const email = await registered();
    const address = freshAddress();
    const proof = await freshProof();
    const payload = JSON.parse(Buffer.from(proof, 'base64').toString('utf8')) as {
      challenge: ProofOfWorkChallenge;
      solution: { counter: number; derivedKey: string };
    };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const tampered = [
      encode({
        ...payload,
        solution: {
          ...payload.solution,
          counter: payload.solution.counter + 1,
          derivedKey: '00'.repeat(32),
        },
      }),
      encode({
        ...payload,
        challenge: {
          ...payload.challenge,
          parameters: { ...payload.challenge.parameters, expiresAt: 4_000_000_000 },
        },
      }),
      encode({ challenge: payload.challenge }),
      encode({ challenge: { parameters: 'x' }, solution: {} }),
      encode([1, 2]),
      'not a payload at all',
    ];
    for (const bad of tampered) {
      expectError(await login(email, testPassword, address, bad), 20041);
    }
    // Signed with another server's secret key.
    const foreign = createProofsOfWork('another-secret-key-that-is-long-enough-012345', {
      ...testApp.config.proofOfWork,
    });
    expectError(
      await login(email, testPassword, address, await solve(await foreign.issue())),
      20041,
    );
    // Issued eleven minutes ago, with this server's key.
    const ours = createProofsOfWork(testApp.config.secretKey ?? '', testApp.config.proofOfWork);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 11 * 60_000 });
    const old = await ours.issue();
    vi.useRealTimers();
    expectError(await login(email, testPassword, address, await solve(old)), 20041);
    // The untouched proof still works: none of the refusals spent it.
    expect((await login(email, testPassword, address, proof)).statusCode).toBe(200);
  });

  it('accepts a proof nobody asked for', async () => {
    const email = await registered();
    const response = await login(email, testPassword, freshAddress(), await freshProof());
    expect(response.statusCode).toBe(200);
  });

  it('asks sign-ups after three sign-ups or three failed sign-ins from the address', async () => {
    const address = freshAddress();
    for (let signUps = 0; signUps < 3; signUps += 1) {
      expect((await signUp(address)).statusCode).toBe(200);
    }
    expectError(await signUp(address), 20040);
    expect((await signUp(address, await freshProof())).statusCode).toBe(200);

    const guessing = freshAddress();
    for (let failure = 0; failure < 3; failure += 1) {
      expectError(await login(uniqueEmail('nobody'), 'wrong password', guessing), 20001);
    }
    expectError(await signUp(guessing), 20040);
    expect((await signUp(guessing, await freshProof())).statusCode).toBe(200);
  });

  it('asks password-reset asks after three asks or three failed sign-ins from the address', async () => {
    const email = await registered();
    const address = freshAddress();
    for (let asks = 0; asks < 3; asks += 1) {
      expect((await askReset(email, address)).statusCode).toBe(200);
    }
    expectError(await askReset(email, address), 20040);
    expect((await askReset(email, address, await freshProof())).statusCode).toBe(200);

    const guessing = freshAddress();
    for (let failure = 0; failure < 3; failure += 1) {
      expectError(await login(uniqueEmail('nobody'), 'wrong password', guessing), 20001);
    }
    expectError(await askReset(uniqueEmail('nobody'), guessing), 20040);
    expect((await askReset(uniqueEmail('nobody'), guessing, await freshProof())).statusCode).toBe(
      200,
    );
  });

  it('keeps the lockout as the last resort: proofs do not lift it', async () => {
    const email = await registered();
    const address = freshAddress();
    for (let failure = 0; failure < 3; failure += 1) {
      expectError(await login(email, 'wrong password', address), 20001);
    }
    // With a proof each, the fourth failure warns and the fifth pauses sign-in (limit 5).
    expectError(await login(email, 'wrong password', address, await freshProof()), 20010);
    expectError(await login(email, 'wrong password', address, await freshProof()), 20011);
    // A proof still comes first, then the lockout refuses even the right password.
    expectError(await login(email, testPassword, address), 20040);
    const locked = await login(email, testPassword, address, await freshProof());
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 20005 });
  });
});
