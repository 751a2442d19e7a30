// Proxy credentials handed to customers. They travel inside URLs (socks5://user:pass@…), so they
// use only characters no client mangles: base36 for usernames, base64url for passwords.
import { randomFillSync, randomInt, randomUUID } from 'node:crypto';

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/** `u` + 8 random base36 characters (36^8 ≈ 2.8e12, and the unique index catches a clash). */
export function generateProxyUsername(): string {
  let name = 'u';
  for (let i = 0; i < 8; i += 1) name += BASE36[randomInt(BASE36.length)];
  return name;
}

const RANDOM_POOL_BYTES = 4096;
let randomPool = Buffer.alloc(0);
let randomPoolOffset = 0;

/**
 * `size` bytes from the CSPRNG, taken from a pool filled 4 KiB at a time, each byte handed out
 * once (as Node's own `randomUUID` does): `randomBytes` per password was a call into OpenSSL for
 * 12 bytes in every purchase, several times the cost of the rest of its credentials.
 */
function pooledRandomBytes(size: number): Buffer {
  if (randomPoolOffset + size > randomPool.length) {
    randomPool = randomFillSync(Buffer.allocUnsafe(RANDOM_POOL_BYTES));
    randomPoolOffset = 0;
  }
  const bytes = randomPool.subarray(randomPoolOffset, randomPoolOffset + size);
  randomPoolOffset += size;
  return bytes;
}

/**
 * 16 URL-safe characters (96 random bits, less a sixty-fourth of one). Never starting with `-`:
 * a spreadsheet reads such a cell as a formula (so the CSV export would mark it with `'`, which
 * other readers keep as part of the password) and a command line takes it for an option.
 */
export function generateProxyPassword(): string {
  const password = pooledRandomBytes(12).toString('base64url');
  return password.startsWith('-') ? `_${password.slice(1)}` : password;
}

/** The vmess user id the V2Ray engine checks. */
export function generateVmessId(): string {
  return randomUUID();
}

export interface ProxyCredentials {
  username: string;
  password: string;
  vmessId: string;
}

export function generateProxyCredentials(): ProxyCredentials {
  return {
    username: generateProxyUsername(),
    password: generateProxyPassword(),
    vmessId: generateVmessId(),
  };
}
