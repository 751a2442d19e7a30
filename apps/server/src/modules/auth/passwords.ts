import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) at OWASP's recommended minimum:
 * 19 MiB of memory, 2 passes, 1 lane.
 */
export const passwordHashOptions = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2's least cost (8 KiB, 1 pass), for the test suites only: they sign up and sign in
 * thousands of times, and at the real cost a hash took 40–100 ms of CPU. Taken only when both
 * NODE_ENV=test and STRATUS_TEST_FAST_PASSWORD_HASHES=1 (set by vitest.config.ts), read at each
 * hash so a test can check the real cost. Verifying reads the cost from the stored hash.
 */
const testOnlyHashOptions = { memoryCost: 8, timeCost: 1, parallelism: 1 } as const;

function currentHashOptions() {
  return process.env.NODE_ENV === 'test' && process.env.STRATUS_TEST_FAST_PASSWORD_HASHES === '1'
    ? testOnlyHashOptions
    : passwordHashOptions;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, currentHashOptions());
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash never lets anyone in.
    return false;
  }
}

/** One dummy hash per cost: a test switching to the real cost gets a dummy at the real cost. */
const dummyHashes = new Map<object, Promise<string>>();

/**
 * Spends the same time as checking a real password, for sign-ins with an unknown email, so the
 * answer's timing does not tell whether an account exists.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  const options = currentHashOptions();
  let dummyHash = dummyHashes.get(options);
  if (!dummyHash) {
    dummyHash = hash(randomBytes(16).toString('hex'), options);
    dummyHashes.set(options, dummyHash);
  }
  await verifyPassword(await dummyHash, password);
}

/** A password for accounts made by an operator's command: 144 random bits, never all digits. */
export function generatePassword(): string {
  return `p${randomBytes(18).toString('base64url')}`;
}
