// Proxy credentials handed to customers. They travel inside URLs (socks5://user:pass@…), so they
// use only characters no client mangles: base36 for usernames, base64url for passwords.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/** `u` + 8 random base36 characters (36^8 ≈ 2.8e12, and the unique index catches a clash). */
export function generateProxyUsername(): string {
  let name = 'u';
  for (let i = 0; i < 8; i += 1) name += BASE36[randomInt(BASE36.length)];
  return name;
}

/** 16 URL-safe characters (96 random bits). */
export function generateProxyPassword(): string {
  return randomBytes(12).toString('base64url');
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
