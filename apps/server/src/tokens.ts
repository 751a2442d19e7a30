import { createCipheriv, createDecipheriv, hash, hkdfSync, randomBytes } from 'node:crypto';

/** Personal API tokens start with this, so a presented token says which table to look in. */
export const API_TOKEN_PREFIX = 'stk_';

/** Scoped API keys (the api-keys module) start with this. */
export const API_KEY_PREFIX = 'sk_';

/** 32 random bytes (256 bits), base64url: the opaque session token of one sign-in. */
export function generateSessionToken(): string {
  for (;;) {
    const token = randomBytes(32).toString('base64url');
    // base64url can start with `stk_` or `sk_` by chance (about once in 17 million or 260 000);
    // keep the kinds apart.
    if (!token.startsWith(API_TOKEN_PREFIX) && !token.startsWith(API_KEY_PREFIX)) return token;
  }
}

/** A scoped API key: `sk_` and 32 random bytes (256 bits), base64url. */
export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

export function generateApiToken(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function isApiToken(token: string): boolean {
  return token.startsWith(API_TOKEN_PREFIX);
}

/**
 * Tokens are stored only as SHA-256 hashes: they are 256-bit random values, so a fast hash is
 * enough and a database leak does not reveal usable tokens.
 */
export function hashToken(token: string): string {
  // One-shot `hash`: every authenticated request hashes its token, and a Hash object per call
  // cost twice as much.
  return hash('sha256', token, 'hex');
}

export interface TokenCipher {
  /** AES-256-GCM; `context` (the owner's id) is bound as associated data. */
  encrypt(plaintext: string, context: string): string;
  /** Throws when the ciphertext was made with another key or for another context. */
  decrypt(ciphertext: string, context: string): string;
}

const FORMAT_VERSION = 'v1';

/** A cipher for stored API tokens, keyed by a subkey derived from the server's secret key. */
export function createTokenCipher(secretKey: string): TokenCipher {
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'stratus', 'api-token-encryption', 32));
  return {
    encrypt(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const sealed = Buffer.concat([iv, body, cipher.getAuthTag()]);
      return `${FORMAT_VERSION}.${sealed.toString('base64url')}`;
    },
    decrypt(ciphertext, context) {
      const [version, encoded] = ciphertext.split('.');
      if (version !== FORMAT_VERSION || !encoded)
        throw new Error('Unknown token ciphertext format');
      const sealed = Buffer.from(encoded, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(sealed.subarray(sealed.length - 16));
      const body = sealed.subarray(12, sealed.length - 16);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}
