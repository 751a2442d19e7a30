// Test fixtures: snapshots, a target that tells each client its address and then echoes, and
// a proxy server on a free port. All of 127.0.0.0/8 is local on Linux, so 127.0.0.2 and
// 127.0.0.3 stand for two static IPs of one machine.
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type {
  NodeDynamicAccount,
  NodeDynamicEgress,
  NodeSnapshot,
  NodeStaticCredential,
} from '@stratus/contract';
import { CredentialStore } from '../credentials/credential-store.ts';
import { UsageMeter } from '../credentials/usage-counter.ts';
import type { Logger } from '../logger.ts';
import { createProxyServer, type ProxyServerOptions } from '../proxy-server.ts';

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

export const silentLogger: Logger = { info() {}, warn() {}, error() {}, debug() {} };

export function staticCredential(
  overrides: Partial<NodeStaticCredential> & { password?: string } = {},
): NodeStaticCredential {
  const { password = 'secret-password', ...rest } = overrides;
  return {
    instanceId: randomUUID(),
    userId: randomUUID(),
    ip: '127.0.0.2',
    port: 1080,
    username: `u${randomUUID().slice(0, 8)}`,
    passwordSha256: sha256Hex(password),
    protocols: ['socks5', 'http'],
    vmessId: randomUUID(),
    vmessPort: 10086,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    ...rest,
  };
}

export function dynamicAccount(
  overrides: Partial<NodeDynamicAccount> & { password?: string } = {},
): NodeDynamicAccount {
  const { password = 'dynamic-password', ...rest } = overrides;
  return {
    userId: randomUUID(),
    account: `acct${randomUUID().slice(0, 6)}`,
    passwordSha256: sha256Hex(password),
    remainingBytes: 10 * 1024 * 1024,
    ...rest,
  };
}

export function snapshotOf(parts: {
  staticCredentials?: NodeStaticCredential[];
  dynamicAccounts?: NodeDynamicAccount[];
  dynamicEgress?: NodeDynamicEgress[];
}): NodeSnapshot {
  return {
    version: randomUUID(),
    nodeId: '00000000-0000-4000-8000-000000000001',
    generatedAt: new Date().toISOString(),
    pollIntervalSeconds: 3,
    staticCredentials: parts.staticCredentials ?? [],
    dynamicAccounts: parts.dynamicAccounts ?? [],
    dynamicEgress: parts.dynamicEgress ?? [],
  };
}

export interface Listening {
  port: number;
  close(): Promise<void>;
}

async function listen(server: net.Server, host: string): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as net.AddressInfo).port;
}

function closer(server: net.Server, sockets: Set<net.Socket>) {
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
}

/** A TCP target on 127.0.0.1 that sends `<peer address>\n` and then echoes. */
export async function startEchoTarget(): Promise<Listening> {
  const server = net.createServer((socket) => {
    socket.on('error', () => socket.destroy());
    socket.write(`${socket.remoteAddress}\n`);
    socket.pipe(socket);
  });
  const close = closer(server, new Set());
  return { port: await listen(server, '127.0.0.1'), close };
}

/** An HTTP target on 127.0.0.1 answering the peer address and the request it got. */
export async function startHttpTarget(): Promise<Listening> {
  const server = http.createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        peer: request.socket.remoteAddress,
        url: request.url,
        proxyAuthorization: request.headers['proxy-authorization'] ?? null,
      }),
    );
  });
  const close = closer(server, new Set());
  return { port: await listen(server, '127.0.0.1'), close };
}

/** A proxy server on every address (loopback clients only) with its own store and meter. */
export async function startProxy(
  options: Partial<Omit<ProxyServerOptions, 'store' | 'logger'>> = {},
) {
  const meter = new UsageMeter();
  const store = new CredentialStore(meter);
  const server = createProxyServer({
    store,
    logger: silentLogger,
    allowPrivateDestinations: true,
    loopbackClientsOnly: true,
    ...options,
  });
  const close = closer(server, new Set());
  const port = await listen(server, '0.0.0.0');
  return { port, store, meter, server, close };
}

/** Reads from a tunnel until `count` bytes arrived. */
export function readBytes(socket: net.Socket, count: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      if (received >= count) {
        socket.off('data', onData);
        resolve(Buffer.concat(chunks));
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('close', () => reject(new Error(`closed after ${received} of ${count} bytes`)));
    socket.resume();
  });
}

/** The first line the echo target sends: the address it saw the connection come from. */
export async function readPeer(socket: net.Socket): Promise<string> {
  const line = await new Promise<string>((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const end = text.indexOf('\n');
      if (end < 0) return;
      socket.off('data', onData);
      resolve(text.slice(0, end));
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.resume();
  });
  return line;
}

/** Resolves when the socket closes (true) or after `ms` (false). */
export function closesWithin(socket: net.Socket, ms: number): Promise<boolean> {
  if (socket.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
