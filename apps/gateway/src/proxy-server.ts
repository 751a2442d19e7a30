// One port, two protocols: a first byte of 0x05 is SOCKS5, anything else HTTP. Each connection
// authenticates, is checked against the limits and the destination policy, connects out from
// its egress address and becomes a metered byte relay.
import net from 'node:net';
import type { CredentialStore, Grant } from './credentials/credential-store.ts';
import { resolveDestination } from './destination-policy.ts';
import type { Logger } from './logger.ts';
import {
  httpProxyResponse,
  parseAuthority,
  parseHttpProxyHead,
  proxyCredentials,
  toOriginRequest,
} from './protocol/http-proxy.ts';
import { SocketReader } from './protocol/socket-reader.ts';
import {
  encodeSocks5Reply,
  negotiateSocks5Method,
  readSocks5Credentials,
  readSocks5Request,
  SOCKS_VERSION,
  socks5Reply,
  writeSocks5AuthStatus,
  type Socks5ReplyCode,
} from './protocol/socks5.ts';
import { relay } from './relay.ts';

export interface ProxyLimits {
  /** Open connections one credential may hold (default 256). */
  maxConnectionsPerCredential: number;
  /** Open connections in all (default 50 000). */
  maxConnections: number;
  /** An established tunnel with no traffic either way closes after this (default 5 min). */
  idleTimeoutMs: number;
  /** The handshake must be done within this (default 10 s). */
  handshakeTimeoutMs: number;
  /** Connecting to the destination gives up after this (default 10 s). */
  connectTimeoutMs: number;
  /** Bytes a handshake may take (HTTP request head included; default 16 KiB). */
  maxHandshakeBytes: number;
}

export const defaultLimits: ProxyLimits = {
  maxConnectionsPerCredential: 256,
  maxConnections: 50_000,
  idleTimeoutMs: 5 * 60_000,
  handshakeTimeoutMs: 10_000,
  connectTimeoutMs: 10_000,
  maxHandshakeBytes: 16 * 1024,
};

export interface ProxyServerOptions {
  store: CredentialStore;
  logger: Logger;
  /** Reach loopback and private destinations (tests and the local demo only). */
  allowPrivateDestinations?: boolean;
  /** Accept clients from loopback addresses only (the local demo, whose proxy reaches loopback). */
  loopbackClientsOnly?: boolean;
  limits?: Partial<ProxyLimits>;
}

type Refusal = 'invalid' | 'exhausted' | 'noEgress' | 'limit' | 'policy' | 'unreachable';

const httpStatusFor: Record<Refusal, [number, string]> = {
  invalid: [407, 'Proxy authentication required'],
  exhausted: [403, 'Traffic exhausted: buy a traffic package to continue'],
  noEgress: [403, 'No exit IP for that region'],
  limit: [429, 'Too many connections for this credential'],
  policy: [403, 'Destination not allowed'],
  unreachable: [502, 'Destination unreachable'],
};

function socksCodeForError(error: NodeJS.ErrnoException): Socks5ReplyCode {
  if (error.code === 'ECONNREFUSED') return socks5Reply.connectionRefused;
  if (error.code === 'ENETUNREACH') return socks5Reply.networkUnreachable;
  if (error.code === 'EHOSTUNREACH' || error.code === 'ETIMEDOUT')
    return socks5Reply.hostUnreachable;
  return socks5Reply.generalFailure;
}

function isLoopback(address: string | undefined): boolean {
  return !!address && (address === '::1' || /^(::ffff:)?127\./.test(address));
}

export function createProxyServer(options: ProxyServerOptions): net.Server {
  const limits = { ...defaultLimits, ...options.limits };
  const { store, logger } = options;
  const allowPrivate = options.allowPrivateDestinations ?? false;

  /** Connects from the grant's egress address; the socket is connected when this resolves. */
  function connectOut(grant: Grant, host: string, port: number): Promise<net.Socket> {
    return new Promise((resolve, reject) => {
      const family = net.isIPv6(grant.egressIp) ? 6 : 4;
      resolveDestination(host, { allowPrivate, family }).then((destination) => {
        if (!destination.ok) {
          reject(Object.assign(new Error(destination.reason), { refusal: destination.reason }));
          return;
        }
        const upstream = net.connect({
          host: destination.address,
          port,
          localAddress: grant.egressIp,
          noDelay: true,
          allowHalfOpen: true,
        });
        const fail = (error: Error) => {
          upstream.destroy();
          reject(error);
        };
        upstream.setTimeout(limits.connectTimeoutMs, () =>
          fail(Object.assign(new Error('connect timeout'), { code: 'ETIMEDOUT' })),
        );
        upstream.once('error', fail);
        upstream.once('connect', () => {
          upstream.off('error', fail);
          upstream.setTimeout(0);
          resolve(upstream);
        });
      }, reject);
    });
  }

  /** Checks the connection limit and registers the connection; null when over the limit. */
  function admit(grant: Grant, client: net.Socket, upstreamRef: { socket?: net.Socket }) {
    if (store.openConnections(grant.key) >= limits.maxConnectionsPerCredential) return null;
    return store.track(grant.key, () => {
      client.destroy();
      upstreamRef.socket?.destroy();
    });
  }

  async function serveSocks5(client: net.Socket, reader: SocketReader): Promise<void> {
    if (!(await negotiateSocks5Method(reader, client))) return;
    const { username, password } = await readSocks5Credentials(reader);
    const auth = store.authenticate({ localAddress: client.localAddress, username, password });
    if (!auth.ok && auth.reason !== 'noEgress') return writeSocks5AuthStatus(client, false);
    writeSocks5AuthStatus(client, true);
    const target = await readSocks5Request(reader, client);
    if (!target) return;
    if (!auth.ok) return void client.end(encodeSocks5Reply(socks5Reply.notAllowedByRuleset));
    const upstreamRef: { socket?: net.Socket } = {};
    const untrack = admit(auth.grant, client, upstreamRef);
    if (!untrack) return void client.end(encodeSocks5Reply(socks5Reply.notAllowedByRuleset));
    client.once('close', untrack);
    let upstream: net.Socket;
    try {
      upstream = upstreamRef.socket = await connectOut(auth.grant, target.host, target.port);
    } catch (error) {
      const refused = (error as { refusal?: string }).refusal === 'refused';
      const code = refused
        ? socks5Reply.notAllowedByRuleset
        : (error as { refusal?: string }).refusal === 'unresolvable'
          ? socks5Reply.hostUnreachable
          : socksCodeForError(error as NodeJS.ErrnoException);
      return void client.end(encodeSocks5Reply(code));
    }
    if (client.destroyed) return void upstream.destroy();
    client.write(
      encodeSocks5Reply(socks5Reply.succeeded, {
        address: upstream.localAddress,
        port: upstream.localPort,
      }),
    );
    relay({
      client,
      upstream,
      counter: auth.grant.counter,
      pendingUp: reader.detach(),
      idleTimeoutMs: limits.idleTimeoutMs,
    });
  }

  async function serveHttp(client: net.Socket, reader: SocketReader): Promise<void> {
    const refuse = (refusal: Refusal) => {
      const [status, message] = httpStatusFor[refusal];
      client.end(httpProxyResponse(status, message));
    };
    const request = parseHttpProxyHead(await reader.readThrough('\r\n\r\n'));
    const credentials = proxyCredentials(request);
    if (!credentials) return refuse('invalid');
    const auth = store.authenticate({ localAddress: client.localAddress, ...credentials });
    if (!auth.ok) return refuse(auth.reason);
    const connect = request.method === 'CONNECT';
    const origin = connect ? null : toOriginRequest(request);
    const target = connect ? parseAuthority(request.target) : origin;
    if (!target) return void client.end(httpProxyResponse(400, 'Bad proxy request'));
    const upstreamRef: { socket?: net.Socket } = {};
    const untrack = admit(auth.grant, client, upstreamRef);
    if (!untrack) return refuse('limit');
    client.once('close', untrack);
    let upstream: net.Socket;
    try {
      upstream = upstreamRef.socket = await connectOut(auth.grant, target.host, target.port);
    } catch (error) {
      return refuse(
        (error as { refusal?: string }).refusal === 'refused' ? 'policy' : 'unreachable',
      );
    }
    if (client.destroyed) return void upstream.destroy();
    const rest = reader.detach();
    if (connect) client.write(httpProxyResponse(200));
    relay({
      client,
      upstream,
      counter: auth.grant.counter,
      // An absolute-URI request goes on to the origin rewritten; its body follows as sent.
      pendingUp: origin ? Buffer.concat([origin.head, rest]) : rest,
      idleTimeoutMs: limits.idleTimeoutMs,
    });
  }

  async function serve(client: net.Socket): Promise<void> {
    const reader = new SocketReader(client, limits.maxHandshakeBytes);
    client.setTimeout(limits.handshakeTimeoutMs, () => client.destroy());
    try {
      if ((await reader.peek()) === SOCKS_VERSION) await serveSocks5(client, reader);
      else await serveHttp(client, reader);
    } catch (error) {
      // Malformed, truncated or too slow: nothing to answer in either protocol.
      logger.debug?.({ err: (error as Error).message }, 'handshake failed');
      client.destroy();
    }
  }

  const server = net.createServer({ noDelay: true, allowHalfOpen: true }, (client) => {
    client.on('error', () => client.destroy());
    if (options.loopbackClientsOnly && !isLoopback(client.remoteAddress)) {
      client.destroy();
      return;
    }
    void serve(client);
  });
  server.maxConnections = limits.maxConnections;
  server.on('error', (error) => logger.error({ err: error.message }, 'proxy server error'));
  return server;
}
