// What a protocol session (SOCKS5 or HTTP) works with, and the steps both share: admitting a
// connection under its credential's limit, connecting out from the egress address, and ending a
// refused connection.
import type net from 'node:net';
import type { CredentialStore, Grant } from './credentials/credential-store.ts';
import { connectFromEgress, type BoundAddress } from './egress-connector.ts';
import type { EgressPorts } from './egress-ports.ts';
import type { Logger } from './logger.ts';
import type { HandshakeReader } from './protocol/handshake-reader.ts';
import type { ProxyLimits } from './proxy-limits.ts';
import type { RequestBodyTracker } from './protocol/request-body.ts';
import type { Refusal } from './refusals.ts';
import type { ReusableReads } from './reusable-reads.ts';

/** A refused client that does not close its side is cut off after this. */
const REFUSAL_LINGER_MS = 2_000;

export interface SessionContext {
  store: CredentialStore;
  limits: ProxyLimits;
  allowPrivateDestinations: boolean;
  egressPorts: EgressPorts;
  logger: Logger;
}

export interface ClientConnection {
  socket: net.Socket;
  reader: HandshakeReader;
  /** The client's part of the handshake is complete: its timeout no longer applies. */
  handshakeComplete(): void;
}

/** An established connection to the destination, ready for the relay. */
export interface Tunnel {
  grant: Grant;
  upstream: net.Socket;
  /** How the upstream's reads reach the relay. */
  reads: ReusableReads;
  /** Bytes the gateway sends the destination before the client's (a rewritten request head). */
  head?: Buffer;
  /** Set for absolute-URI forwarding: where the one request's body ends. */
  requestBody?: RequestBodyTracker;
}

export type UpstreamResult =
  | { ok: true; upstream: net.Socket; reads: ReusableReads; bound: BoundAddress }
  | { ok: false; refusal: Refusal; errorCode?: string };

/** Sends a refusal and closes; a client that keeps its side open is cut off shortly after. */
export function endWithReply(socket: net.Socket, reply: Buffer): void {
  socket.end(reply);
  socket.setTimeout(REFUSAL_LINGER_MS, () => socket.destroy());
}

/**
 * Admits the connection under its credential (limit, still valid) and connects to the
 * destination from the grant's egress address. A connection admitted here is closed with its
 * credential when a snapshot withdraws it, even while it is still connecting.
 */
export async function openUpstream(
  context: SessionContext,
  client: net.Socket,
  grant: Grant,
  target: { host: string; port: number },
): Promise<UpstreamResult> {
  // Gone already: its 'close' may have passed, and the admission would never be released.
  if (client.destroyed) return { ok: false, refusal: 'revoked' };
  // Filled in once connected, so a withdrawal closes the destination side too.
  const opened: { upstream?: net.Socket } = {};
  const admission = context.store.admit(
    grant,
    () => {
      client.destroy();
      opened.upstream?.destroy();
    },
    context.limits.maxConnectionsPerCredential,
  );
  if (!admission.ok) return { ok: false, refusal: admission.reason };
  client.once('close', admission.release);
  const connected = await connectFromEgress({
    egressIp: grant.egressIp,
    host: target.host,
    port: target.port,
    allowPrivateDestinations: context.allowPrivateDestinations,
    timeoutMs: context.limits.connectTimeoutMs,
    egressPorts: context.egressPorts,
  });
  if (!connected.ok) {
    if (connected.reason === 'policy') return { ok: false, refusal: 'policy' };
    // The egress address is not configured on this host: the node's setup, not the client, is wrong.
    if (connected.code === 'EADDRNOTAVAIL') {
      context.logger.error(
        { egressIp: grant.egressIp },
        'egress address not available on this host',
      );
    }
    return { ok: false, refusal: 'unreachable', errorCode: connected.code };
  }
  const upstream = (opened.upstream = connected.upstream);
  // Closed (client gone or credential withdrawn) while connecting.
  if (client.destroyed) {
    upstream.destroy();
    return { ok: false, refusal: 'revoked' };
  }
  return { ok: true, upstream, reads: connected.reads, bound: connected.bound };
}
