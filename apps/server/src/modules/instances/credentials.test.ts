import { describe, expect, it } from 'vitest';
import { generateProxyCredentials, generateProxyPassword } from './credentials.ts';

describe('proxy credentials', () => {
  it('makes 16-character URL-safe passwords, never starting with a dash nor the same twice (across pool refills)', () => {
    // 12 bytes each from a 4 KiB pool: 2 000 passwords refill it several times.
    const passwords = Array.from({ length: 2_000 }, () => generateProxyPassword());
    for (const password of passwords) expect(password).toMatch(/^\w[\w-]{15}$/);
    expect(new Set(passwords).size).toBe(passwords.length);
  });

  it('makes usernames of u + 8 base36 characters and a vmess UUID', () => {
    const { username, vmessId } = generateProxyCredentials();
    expect(username).toMatch(/^u[0-9a-z]{8}$/);
    expect(vmessId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
