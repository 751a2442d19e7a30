// The snapshot holds SHA-256 digests, never passwords: a password is checked by digesting it and
// comparing digests in constant time, and an unknown username costs the same digest and compare
// as a known one, so response times do not tell which usernames exist.
import { hash, timingSafeEqual } from 'node:crypto';

/** One-shot: no Hash object per connection. */
function sha256(text: string): Buffer {
  return hash('sha256', text, 'buffer');
}

const UNKNOWN_USER_DIGEST = sha256('no such user');

/** Whether `password` hashes to `expectedHex` (lower-case hex SHA-256); false when undefined. */
export function passwordMatches(password: string, expectedHex: string | undefined): boolean {
  const expected = expectedHex ? Buffer.from(expectedHex, 'hex') : UNKNOWN_USER_DIGEST;
  // A digest of the wrong length (never in a validated snapshot) would make timingSafeEqual throw.
  const comparable =
    expected.length === UNKNOWN_USER_DIGEST.length ? expected : UNKNOWN_USER_DIGEST;
  return timingSafeEqual(sha256(password), comparable) && comparable === expected && !!expectedHex;
}
