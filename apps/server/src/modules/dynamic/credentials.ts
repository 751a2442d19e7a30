// Random parts of dynamic proxy credentials. Account names and session ids travel inside the
// username, whose syntax allows only these characters (see contract/dynamic-username.ts).
import { randomInt } from 'node:crypto';

const LOWER_ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ALPHANUMERIC = `ABCDEFGHIJKLMNOPQRSTUVWXYZ${LOWER_ALPHANUMERIC}`;

function randomString(alphabet: string, length: number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) text += alphabet[randomInt(alphabet.length)];
  return text;
}

/** `u` + 9 random [a-z0-9] (36^9 ≈ 1e14; the unique index catches a clash). */
export function generateDynamicAccountName(): string {
  return `u${randomString(LOWER_ALPHANUMERIC, 9)}`;
}

/** 16 random alphanumerics (about 95 bits). */
export function generateDynamicPassword(): string {
  return randomString(ALPHANUMERIC, 16);
}

/** A sticky session id: 8 random alphanumerics. */
export function generateSessionId(): string {
  return randomString(ALPHANUMERIC, 8);
}
