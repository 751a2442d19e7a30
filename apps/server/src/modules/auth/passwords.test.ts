import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';

const realCost = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;

describe('password hashes', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('take the real cost outside the test suites, whatever the test switch says', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('STRATUS_TEST_FAST_PASSWORD_HASHES', '1');
    const stored = await hashPassword('correct horse 42');
    expect(stored).toMatch(realCost);
    expect(await verifyPassword(stored, 'correct horse 42')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse 43')).toBe(false);
  });

  it('take the real cost in tests unless the switch is on', async () => {
    vi.stubEnv('NODE_ENV', 'test');
    vi.stubEnv('STRATUS_TEST_FAST_PASSWORD_HASHES', '0');
    expect(await hashPassword('correct horse 42')).toMatch(realCost);
  });

  it('take the least cost in tests with the switch on, and still verify', async () => {
    vi.stubEnv('NODE_ENV', 'test');
    vi.stubEnv('STRATUS_TEST_FAST_PASSWORD_HASHES', '1');
    const stored = await hashPassword('correct horse 42');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse 42')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse 43')).toBe(false);
    await expect(verifyAgainstDummy('anything')).resolves.toBeUndefined();
  });
});
