// Test fixtures: snapshots, a target that tells each client its address and then echoes, and
// a proxy server on a free port. All of 127.0.0.0/8 is local on Linux, so 127.0.0.2 and
// 127.0.0.3 stand for two static IPs of one machine.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type {
  NodeAllowlistEntry,
  NodeDynamicAccount,
  NodeDynamicEgress,
  NodeSnapshot,
  NodeStaticCredential,
  NodeSubUser,
} from '@stratus/contract';
import { silentLogger } from '../logger.ts';
import { createProxyServer, type ProxyServerOptions } from '../proxy-server.ts';
import { ProxyRefusal } from './proxy-client.ts';

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

export { silentLogger };

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
  allowlist?: NodeAllowlistEntry[];
  subUsers?: NodeSubUser[];
}): NodeSnapshot {
  return {
    version: randomUUID(),
    nodeId: '00000000-0000-4000-8000-000000000001',
    generatedAt: new Date().toISOString(),
    pollIntervalSeconds: 3,
    staticCredentials: parts.staticCredentials ?? [],
    dynamicAccounts: parts.dynamicAccounts ?? [],
    dynamicEgress: parts.dynamicEgress ?? [],
    allowlist: parts.allowlist ?? [],
    subUsers: parts.subUsers ?? [],
  };
}

export { startEchoTarget, startHttpTarget, type Listening } from './targets.ts';

/**
 * A proxy server on every IPv4 address (loopback clients only) with its own store and meter.
 * Private destinations are allowed unless the options say otherwise: the targets are on loopback.
 */
export async function startProxy(
  options: Partial<Omit<ProxyServerOptions, 'logger'>> & { host?: string } = {},
) {
  const { host = '0.0.0.0', ...rest } = options;
  const proxy = createProxyServer({
    logger: silentLogger,
    allowPrivateDestinations: true,
    loopbackClientsOnly: true,
    ...rest,
  });
  const { port } = await proxy.listen(0, host);
  return { ...proxy, port };
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

/** Writes `bytes` one at a time, letting each arrive as its own chunk before the next. */
export async function writeByteByByte(socket: net.Socket, bytes: Buffer): Promise<void> {
  for (const byte of bytes) {
    if (socket.destroyed) return;
    socket.write(Buffer.from([byte]));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** Reads whatever arrives until the socket closes. */
export function readUntilClose(socket: net.Socket): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.once('close', () => resolve(Buffer.concat(chunks)));
    socket.resume();
  });
}

/** A connected TCP socket (its errors ignored: the tests abuse the server with it). */
export function connectTo(host: string, port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port, noDelay: true });
    socket.once('connect', () => {
      socket.off('error', reject);
      socket.on('error', () => {});
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** Polls `probe` until `done` holds or `ms` pass; answers the last value. */
export async function eventually<T>(
  probe: () => T | Promise<T>,
  done: (value: T) => boolean,
  ms = 5_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await probe();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await probe();
  }
  return value;
}

/** The refusal an attempt to open a tunnel ended in; fails the test if it succeeded. */
export async function refusalOf(attempt: Promise<net.Socket>): Promise<ProxyRefusal> {
  const outcome = await attempt.then(
    (socket) => {
      socket.destroy();
      return new Error('the proxy accepted the tunnel');
    },
    (error: unknown) => error,
  );
  if (!(outcome instanceof ProxyRefusal)) throw outcome;
  return outcome;
}

/** Temporary directories for a test file, all removed by `removeAll` (call it in afterAll). */
export function temporaryDirectories(prefix: string) {
  const created: string[] = [];
  return {
    async create(): Promise<string> {
      const directory = await mkdtemp(path.join(os.tmpdir(), prefix));
      created.push(directory);
      return directory;
    },
    async removeAll(): Promise<void> {
      await Promise.all(
        created.splice(0).map((directory) => rm(directory, { recursive: true, force: true })),
      );
    },
  };
}
