// Minimal clients that open a tunnel to `host:port` directly, through the bare relay (which is
// already a tunnel to the target), through SOCKS5 (RFC 1928 + RFC 1929) or through HTTP CONNECT.
// Each resolves with the socket once bytes written to it reach the target.
import net from 'node:net';
import { ipv6Bytes } from '../ip-address.ts';

export type TunnelKind = 'direct' | 'relay' | 'socks5' | 'connect';

export interface TunnelOptions {
  kind: TunnelKind;
  /** Where the client connects: the target itself, the relay or the gateway. */
  via: { host: string; port: number };
  /** The far end the tunnel should reach (ignored by direct and relay). */
  target: { host: string; port: number };
  username?: string;
  password?: string;
  /** Offer no credentials: SOCKS5 "no authentication" only, HTTP without Proxy-Authorization. */
  noCredentials?: boolean;
  /** The client's source address (an allowlisted one, say). */
  localAddress?: string;
}

/** Reads from `socket` until `isComplete(buffer)` says how many bytes the handshake took. */
function readHandshake(
  socket: net.Socket,
  isComplete: (buffer: Buffer) => number | null,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let buffer = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const used = isComplete(buffer);
      if (used === null) return;
      socket.off('data', onData);
      socket.off('error', reject);
      socket.off('close', onClose);
      socket.pause();
      const rest = buffer.subarray(used);
      if (rest.length) socket.unshift(rest);
      resolve(buffer.subarray(0, used));
    };
    // A refusal may arrive together with the close: judge what was received first.
    const onClose = () => {
      const used = buffer.length ? isComplete(buffer) : null;
      if (used !== null) resolve(buffer.subarray(0, used));
      else reject(new Error('closed during the handshake'));
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('close', onClose);
    // The previous step paused the socket; without this no further data event would come.
    socket.resume();
  });
}

function connectSocket(host: string, port: number, localAddress?: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port, noDelay: true, localAddress });
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** A refusal by the proxy: the SOCKS5 stage and code, or the HTTP status. */
export class ProxyRefusal extends Error {
  override name = 'ProxyRefusal';
  readonly stage: 'method' | 'auth' | 'request' | 'http';
  readonly code: number;
  constructor(stage: ProxyRefusal['stage'], code: number) {
    super(`proxy refused at ${stage}: ${code}`);
    this.stage = stage;
    this.code = code;
  }
}

async function socks5(socket: net.Socket, options: TunnelOptions): Promise<void> {
  const user = Buffer.from(options.username ?? '');
  const pass = Buffer.from(options.password ?? '');
  const offered = options.noCredentials ? 0x00 : 0x02;
  socket.write(Buffer.from([0x05, 0x01, offered]));
  const method = await readHandshake(socket, (buffer) => (buffer.length >= 2 ? 2 : null));
  if (method[1] !== offered) throw new ProxyRefusal('method', method[1]!);
  if (!options.noCredentials) {
    socket.write(
      Buffer.concat([Buffer.from([0x01, user.length]), user, Buffer.from([pass.length]), pass]),
    );
    const status = await readHandshake(socket, (buffer) => (buffer.length >= 2 ? 2 : null));
    if (status[1] !== 0x00) throw new ProxyRefusal('auth', status[1]!);
  }
  const port = Buffer.alloc(2);
  port.writeUInt16BE(options.target.port);
  const host = options.target.host;
  const address = net.isIPv4(host)
    ? Buffer.from([0x01, ...host.split('.').map(Number)])
    : net.isIPv6(host)
      ? Buffer.from([0x04, ...ipv6Bytes(host)])
      : Buffer.concat([Buffer.from([0x03, Buffer.byteLength(host)]), Buffer.from(host)]);
  socket.write(Buffer.concat([Buffer.from([0x05, 0x01, 0x00]), address, port]));
  // Version, reply, reserved, address type, then an IPv4 (4) or IPv6 (16) address and a port.
  const reply = await readHandshake(socket, (buffer) => {
    if (buffer.length < 4) return null;
    const length = 4 + (buffer[3] === 0x04 ? 16 : 4) + 2;
    return buffer.length >= length ? length : null;
  });
  if (reply[1] !== 0x00) throw new ProxyRefusal('request', reply[1]!);
}

async function connectTunnel(socket: net.Socket, options: TunnelOptions): Promise<void> {
  const { host, port } = options.target;
  const authority = `${net.isIPv6(host) ? `[${host}]` : host}:${port}`;
  const credentials = Buffer.from(`${options.username}:${options.password}`).toString('base64');
  const authorization = options.noCredentials
    ? ''
    : `Proxy-Authorization: Basic ${credentials}\r\n`;
  socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${authorization}\r\n`);
  const head = await readHandshake(socket, (buffer) => {
    const end = buffer.indexOf('\r\n\r\n');
    return end < 0 ? null : end + 4;
  });
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head.toString('latin1'))?.[1] ?? 0);
  if (status !== 200) throw new ProxyRefusal('http', status);
}

/** A socket whose bytes reach `options.target` (or the relay's fixed target). */
export async function openTunnel(options: TunnelOptions): Promise<net.Socket> {
  const socket = await connectSocket(options.via.host, options.via.port, options.localAddress);
  try {
    if (options.kind === 'socks5') await socks5(socket, options);
    else if (options.kind === 'connect') await connectTunnel(socket, options);
    return socket;
  } catch (error) {
    socket.destroy();
    throw error;
  }
}
