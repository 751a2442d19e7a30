// One port, two protocols: a first byte of 0x05 is SOCKS5, anything else HTTP. Each connection
// runs its protocol's handshake within a deadline, authenticates against the credential store,
// connects out from its egress address and becomes a metered byte relay. Nothing a client sends
// can throw past this module: every socket has an error handler and every handshake failure
// ends only its own connection.
import net from 'node:net';
import { CredentialStore } from './credentials/credential-store.ts';
import type { UsageMeter } from './credentials/usage-counter.ts';
import { serveHttp } from './http-session.ts';
import {
  DEFAULT_EGRESS_PORT_RANGE,
  EgressPorts,
  kernelPortRange,
  rangesOverlap,
  type PortRange,
} from './egress-ports.ts';
import { IdleSweeper } from './idle-sweeper.ts';
import { silentLogger, type Logger } from './logger.ts';
import { HandshakeError, HandshakeReader } from './protocol/handshake-reader.ts';
import { SOCKS_VERSION } from './protocol/socks5.ts';
import { defaultLimits, type ProxyLimits } from './proxy-limits.ts';
import { relay } from './relay.ts';
import { endWithReply, type SessionContext, type Tunnel } from './session-context.ts';
import { serveSocks5 } from './socks5-session.ts';

export interface ProxyServerOptions {
  /** Who may connect; a new empty store (and meter) when left out. */
  store?: CredentialStore;
  logger?: Logger;
  /** Reach loopback and private destinations (tests and the local demo only; default false). */
  allowPrivateDestinations?: boolean;
  /** Accept clients from loopback addresses only (the local demo, whose proxy reaches loopback). */
  loopbackClientsOnly?: boolean;
  /**
   * Local ports of outgoing connections, taken in turn (default 10000–29999); null leaves each
   * choice to the kernel, which is slow under churn (egress-ports.ts).
   */
  egressPortRange?: PortRange | null;
  limits?: Partial<ProxyLimits>;
}

export interface ProxyServer {
  server: net.Server;
  store: CredentialStore;
  /** The store's meter: bytes per static instance and dynamic user. */
  meter: UsageMeter;
  /** Client connections open now, handshakes included (the heartbeat reports it). */
  readonly openConnections: number;
  /** Listens (port 0 picks a free one) and answers the bound address and port. */
  listen(port: number, host: string): Promise<{ address: string; port: number }>;
  /** Stops accepting and closes every open connection, tunnels included. */
  close(): Promise<void>;
}

function isLoopback(address: string | undefined): boolean {
  return !!address && (address === '::1' || /^(::ffff:)?127\./i.test(address));
}

export function createProxyServer(options: ProxyServerOptions = {}): ProxyServer {
  const limits: ProxyLimits = { ...defaultLimits, ...options.limits };
  const store = options.store ?? new CredentialStore();
  const logger = options.logger ?? silentLogger;
  const egressPortRange =
    options.egressPortRange === undefined ? DEFAULT_EGRESS_PORT_RANGE : options.egressPortRange;
  const ephemeralPorts = kernelPortRange();
  if (egressPortRange && rangesOverlap(egressPortRange, ephemeralPorts)) {
    logger.warn(
      { egressPorts: egressPortRange, ephemeralPorts },
      'egress ports overlap the kernel ephemeral range: reserve them with net.ipv4.ip_local_reserved_ports',
    );
  }
  const context: SessionContext = {
    store,
    limits,
    allowPrivateDestinations: options.allowPrivateDestinations ?? false,
    egressPorts: new EgressPorts(egressPortRange),
    logger,
  };
  const idle = new IdleSweeper(limits.idleTimeoutMs);
  const sockets = new Set<net.Socket>();

  async function serve(socket: net.Socket): Promise<void> {
    const reader = new HandshakeReader(socket, limits.maxHandshakeBytes);
    // A deadline for the whole client handshake, not an inactivity timer: a client trickling a
    // byte at a time must not hold the connection open.
    const deadline = setTimeout(() => {
      reader.fail(new HandshakeError('handshake timed out'));
      socket.destroy();
    }, limits.handshakeTimeoutMs);
    const handshakeComplete = () => clearTimeout(deadline);
    socket.once('close', handshakeComplete);
    let tunnel: Tunnel | null;
    try {
      const connection = { socket, reader, handshakeComplete };
      tunnel =
        (await reader.peekByte()) === SOCKS_VERSION
          ? await serveSocks5(context, connection)
          : await serveHttp(context, connection);
    } catch (error) {
      handshakeComplete();
      // Malformed, truncated, oversized or too slow: answer where the protocol has an answer.
      const reply = error instanceof HandshakeError ? error.reply : null;
      logger.debug?.({ err: (error as Error).message }, 'handshake failed');
      if (reply && !socket.destroyed) endWithReply(socket, reply);
      else socket.destroy();
      return;
    }
    if (!tunnel) return;
    if (socket.destroyed) {
      tunnel.upstream.destroy();
      return;
    }
    relay({
      client: socket,
      upstream: tunnel.upstream,
      upstreamReads: tunnel.reads,
      counter: tunnel.grant.counter,
      idle,
      head: tunnel.head,
      pendingUp: reader.detach(),
      requestBody: tunnel.requestBody,
    });
  }

  const server = net.createServer({ noDelay: true, allowHalfOpen: true }, (socket) => {
    socket.on('error', () => socket.destroy());
    if (options.loopbackClientsOnly && !isLoopback(socket.remoteAddress)) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // Nothing may escape: an unhandled rejection would take the whole gateway down.
    serve(socket).catch((error: Error) => {
      logger.error({ err: error.message }, 'connection failed unexpectedly');
      socket.destroy();
    });
  });
  server.maxConnections = limits.maxConnections;
  server.on('error', (error) => logger.error({ err: error.message }, 'proxy server error'));
  server.on('close', () => idle.stop());

  return {
    server,
    store,
    meter: store.meter,
    get openConnections() {
      return sockets.size;
    },
    listen(port, host) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const bound = server.address() as net.AddressInfo;
          resolve({ address: bound.address, port: bound.port });
        });
      });
    },
    close() {
      const closed = new Promise<void>((resolve) => {
        if (!server.listening) resolve();
        else server.close(() => resolve());
      });
      for (const socket of sockets) socket.destroy();
      idle.stop();
      return closed;
    },
  };
}
