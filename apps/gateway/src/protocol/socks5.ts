// SOCKS5 (RFC 1928) with username/password authentication (RFC 1929), CONNECT only. The
// functions read one handshake step each, so the caller can authenticate between steps.
import net from 'node:net';
import { HandshakeError, type SocketReader } from './socket-reader.ts';

export const SOCKS_VERSION = 0x05;
const USERNAME_PASSWORD_METHOD = 0x02;
const NO_ACCEPTABLE_METHOD = 0xff;
const AUTH_VERSION = 0x01;
const CONNECT_COMMAND = 0x01;

/** Reply codes of RFC 1928 section 6. */
export const socks5Reply = {
  succeeded: 0x00,
  generalFailure: 0x01,
  notAllowedByRuleset: 0x02,
  networkUnreachable: 0x03,
  hostUnreachable: 0x04,
  connectionRefused: 0x05,
  commandNotSupported: 0x07,
  addressTypeNotSupported: 0x08,
} as const;
export type Socks5ReplyCode = (typeof socks5Reply)[keyof typeof socks5Reply];

export interface Socks5Target {
  host: string;
  port: number;
}

/**
 * Reads the greeting and answers the method: username/password, the only one offered (a proxy
 * that sells access never runs open). False when the client cannot do it; it was told so.
 */
export async function negotiateSocks5Method(reader: SocketReader, socket: net.Socket) {
  const [version, methodCount] = await reader.read(2);
  if (version !== SOCKS_VERSION || !methodCount) throw new HandshakeError('bad SOCKS5 greeting');
  const methods = await reader.read(methodCount);
  if (!methods.includes(USERNAME_PASSWORD_METHOD)) {
    socket.end(Buffer.from([SOCKS_VERSION, NO_ACCEPTABLE_METHOD]));
    return false;
  }
  socket.write(Buffer.from([SOCKS_VERSION, USERNAME_PASSWORD_METHOD]));
  return true;
}

/** RFC 1929 sub-negotiation: the client's username and password. */
export async function readSocks5Credentials(reader: SocketReader) {
  const [version, usernameLength] = await reader.read(2);
  if (version !== AUTH_VERSION || !usernameLength) throw new HandshakeError('bad SOCKS5 auth');
  const username = (await reader.read(usernameLength)).toString('utf8');
  const [passwordLength] = await reader.read(1);
  const password = passwordLength ? (await reader.read(passwordLength!)).toString('utf8') : '';
  return { username, password };
}

/** Status 0 lets the client go on; any other status ends the connection (RFC 1929). */
export function writeSocks5AuthStatus(socket: net.Socket, ok: boolean): void {
  const status = Buffer.from([AUTH_VERSION, ok ? 0x00 : 0x01]);
  if (ok) socket.write(status);
  else socket.end(status);
}

/** The CONNECT request; null (after replying) for another command or address type. */
export async function readSocks5Request(
  reader: SocketReader,
  socket: net.Socket,
): Promise<Socks5Target | null> {
  const [version, command, , addressType] = await reader.read(4);
  if (version !== SOCKS_VERSION) throw new HandshakeError('bad SOCKS5 request');
  let host: string;
  if (addressType === 0x01) host = (await reader.read(4)).join('.');
  else if (addressType === 0x04) host = formatIpv6(await reader.read(16));
  else if (addressType === 0x03) {
    const [length] = await reader.read(1);
    if (!length) throw new HandshakeError('empty SOCKS5 domain');
    host = (await reader.read(length)).toString('latin1');
  } else {
    socket.end(encodeSocks5Reply(socks5Reply.addressTypeNotSupported));
    return null;
  }
  const port = (await reader.read(2)).readUInt16BE(0);
  if (command !== CONNECT_COMMAND) {
    socket.end(encodeSocks5Reply(socks5Reply.commandNotSupported));
    return null;
  }
  return { host, port };
}

function formatIpv6(bytes: Buffer): string {
  const groups: string[] = [];
  for (let index = 0; index < 16; index += 2) groups.push(bytes.readUInt16BE(index).toString(16));
  return groups.join(':');
}

/** A reply with the bound address (IPv4 or IPv6; 0.0.0.0:0 when unknown). */
export function encodeSocks5Reply(
  code: Socks5ReplyCode,
  bound: { address?: string; port?: number } = {},
): Buffer {
  const port = Buffer.alloc(2);
  port.writeUInt16BE(bound.port ?? 0);
  const address = bound.address ?? '0.0.0.0';
  if (net.isIPv6(address)) {
    const reply = Buffer.alloc(22);
    reply.set([SOCKS_VERSION, code, 0x00, 0x04]);
    writeIpv6(address, reply, 4);
    port.copy(reply, 20);
    return reply;
  }
  const octets = net.isIPv4(address) ? address.split('.').map(Number) : [0, 0, 0, 0];
  return Buffer.concat([Buffer.from([SOCKS_VERSION, code, 0x00, 0x01, ...octets]), port]);
}

function writeIpv6(address: string, target: Buffer, offset: number): void {
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4) counts as two groups.
  const expand = (groups: string[]) =>
    groups.flatMap((group) => {
      if (!group.includes('.')) return [parseInt(group, 16)];
      const [a, b, c, d] = group.split('.').map(Number);
      return [(a! << 8) | b!, (c! << 8) | d!];
    });
  const left = expand(headGroups);
  const right = expand(tailGroups);
  const groups = address.includes('::')
    ? [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right]
    : left;
  groups.forEach((group, index) => target.writeUInt16BE(group, offset + index * 2));
}
