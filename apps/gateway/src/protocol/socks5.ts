// SOCKS5 (RFC 1928) with username/password authentication (RFC 1929), CONNECT only, as pure
// functions: each parser reads one handshake message from the bytes received so far (null while
// they are only a prefix), each encoder builds one answer. The session (`socks5-session.ts`)
// authenticates between the steps.
import net from 'node:net';
import { formatIpv6, ipv6Bytes } from '../ip-address.ts';
import { HandshakeError, type Parsed } from './handshake-reader.ts';

export const SOCKS_VERSION = 0x05;
export const NO_AUTHENTICATION_METHOD = 0x00;
export const USERNAME_PASSWORD_METHOD = 0x02;
const NO_ACCEPTABLE_METHOD = 0xff;
const AUTH_VERSION = 0x01;
export const CONNECT_COMMAND = 0x01;
const ADDRESS_IPV4 = 0x01;
const ADDRESS_DOMAIN = 0x03;
const ADDRESS_IPV6 = 0x04;

/** Reply codes of RFC 1928 section 6. */
export const socks5Reply = {
  succeeded: 0x00,
  generalFailure: 0x01,
  notAllowedByRuleset: 0x02,
  networkUnreachable: 0x03,
  hostUnreachable: 0x04,
  connectionRefused: 0x05,
  ttlExpired: 0x06,
  commandNotSupported: 0x07,
  addressTypeNotSupported: 0x08,
} as const;
export type Socks5ReplyCode = (typeof socks5Reply)[keyof typeof socks5Reply];

export interface Socks5Request {
  command: number;
  host: string;
  port: number;
}

/** The greeting: version and the methods the client offers. */
export function parseSocks5Greeting(buffer: Buffer): Parsed<{ methods: number[] }> | null {
  if (buffer.length < 2) return null;
  if (buffer[0] !== SOCKS_VERSION) throw new HandshakeError('not a SOCKS5 greeting');
  const count = buffer[1]!;
  if (count === 0) throw new HandshakeError('SOCKS5 greeting offers no method');
  if (buffer.length < 2 + count) return null;
  return { value: { methods: [...buffer.subarray(2, 2 + count)] }, length: 2 + count };
}

/** RFC 1929 sub-negotiation: username (1–255 bytes) and password (0–255 bytes), UTF-8. */
export function parseSocks5Credentials(
  buffer: Buffer,
): Parsed<{ username: string; password: string }> | null {
  if (buffer.length < 2) return null;
  if (buffer[0] !== AUTH_VERSION) throw new HandshakeError('bad SOCKS5 auth version');
  const usernameLength = buffer[1]!;
  if (usernameLength === 0) throw new HandshakeError('empty SOCKS5 username');
  if (buffer.length < 3 + usernameLength) return null;
  const passwordLength = buffer[2 + usernameLength]!;
  const length = 3 + usernameLength + passwordLength;
  if (buffer.length < length) return null;
  return {
    value: {
      username: buffer.toString('utf8', 2, 2 + usernameLength),
      password: buffer.toString('utf8', 3 + usernameLength, length),
    },
    length,
  };
}

/**
 * The request: command and destination. An unknown address type cannot be skipped (its length
 * is unknown), so it fails with the reply RFC 1928 prescribes for it.
 */
export function parseSocks5Request(buffer: Buffer): Parsed<Socks5Request> | null {
  if (buffer.length < 5) return null;
  if (buffer[0] !== SOCKS_VERSION) throw new HandshakeError('bad SOCKS5 request version');
  const command = buffer[1]!;
  const addressType = buffer[3]!;
  let addressLength: number;
  let addressStart = 4;
  if (addressType === ADDRESS_IPV4) addressLength = 4;
  else if (addressType === ADDRESS_IPV6) addressLength = 16;
  else if (addressType === ADDRESS_DOMAIN) {
    addressLength = buffer[4]!;
    addressStart = 5;
    if (addressLength === 0) throw new HandshakeError('empty SOCKS5 domain name');
  } else {
    throw new HandshakeError(
      'unknown SOCKS5 address type',
      encodeSocks5Reply(socks5Reply.addressTypeNotSupported),
    );
  }
  const length = addressStart + addressLength + 2;
  if (buffer.length < length) return null;
  const address = buffer.subarray(addressStart, addressStart + addressLength);
  const host =
    addressType === ADDRESS_IPV4
      ? address.join('.')
      : addressType === ADDRESS_IPV6
        ? formatIpv6(address)
        : address.toString('latin1');
  return { value: { command, host, port: buffer.readUInt16BE(length - 2) }, length };
}

/**
 * The method choice: username/password (`true`), "no authentication" (an allowlisted source), or
 * "no acceptable method" (`false`; then the server closes).
 */
export function encodeSocks5MethodChoice(
  accepted: boolean | typeof NO_AUTHENTICATION_METHOD,
): Buffer {
  const method =
    accepted === NO_AUTHENTICATION_METHOD
      ? NO_AUTHENTICATION_METHOD
      : accepted
        ? USERNAME_PASSWORD_METHOD
        : NO_ACCEPTABLE_METHOD;
  return Buffer.from([SOCKS_VERSION, method]);
}

/** RFC 1929 status: 0 lets the client go on; anything else ends the connection. */
export function encodeSocks5AuthStatus(ok: boolean): Buffer {
  return Buffer.from([AUTH_VERSION, ok ? 0x00 : 0x01]);
}

/** A reply with the bound address (IPv4 or IPv6; 0.0.0.0:0 when unknown). */
export function encodeSocks5Reply(
  code: Socks5ReplyCode,
  bound: { address?: string; port?: number } = {},
): Buffer {
  const address = bound.address ?? '0.0.0.0';
  const ipv6 = net.isIPv6(address);
  const reply = Buffer.alloc(ipv6 ? 22 : 10);
  reply.set([SOCKS_VERSION, code, 0x00, ipv6 ? ADDRESS_IPV6 : ADDRESS_IPV4]);
  if (ipv6) reply.set(ipv6Bytes(address), 4);
  else if (net.isIPv4(address)) reply.set(address.split('.').map(Number), 4);
  reply.writeUInt16BE(bound.port ?? 0, reply.length - 2);
  return reply;
}
