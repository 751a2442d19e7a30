// Connects to a destination from the grant's egress address, so the destination sees the
// static IP (or the pool address) as the peer: the policy is checked on the resolved address and
// the socket connects to exactly that address, bound to the egress address and to a local port
// chosen in turn (egress-ports.ts) rather than searched for by the kernel.
import net from 'node:net';
import { resolveDestination } from './destination-policy.ts';
import { EgressPorts } from './egress-ports.ts';
import { ReusableReads } from './reusable-reads.ts';

export type ConnectFailure =
  /** The policy refuses the destination. */
  | { reason: 'policy' }
  /** Unresolvable, refused, unreachable, timed out, or the egress address is not on this host. */
  | { reason: 'unreachable'; code: string };

/** The connection's local end: the egress address and the port bound (a SOCKS5 reply says it). */
export interface BoundAddress {
  address: string;
  port: number;
}

export type ConnectResult =
  | { ok: true; upstream: net.Socket; reads: ReusableReads; bound: BoundAddress }
  | ({ ok: false } & ConnectFailure);

/** Chosen ports tried before the kernel is left to choose. */
const MAX_CHOSEN_PORT_TRIES = 4;

function ignoreError(): void {}

export async function connectFromEgress({
  egressIp,
  host,
  port,
  allowPrivateDestinations,
  timeoutMs,
  egressPorts,
}: {
  egressIp: string;
  host: string;
  port: number;
  allowPrivateDestinations: boolean;
  timeoutMs: number;
  /** Where the local port comes from (see egress-ports.ts). */
  egressPorts: EgressPorts;
}): Promise<ConnectResult> {
  const family = net.isIPv6(egressIp) ? 6 : 4;
  const destination = await resolveDestination(host, {
    allowPrivate: allowPrivateDestinations,
    family,
  });
  if (!destination.ok) {
    if (destination.reason === 'refused') return { ok: false, reason: 'policy' };
    return {
      ok: false,
      reason: 'unreachable',
      code: destination.reason === 'unresolvable' ? 'ENOTFOUND' : 'ENETUNREACH',
    };
  }
  if (port < 1 || port > 65535) return { ok: false, reason: 'unreachable', code: 'EINVAL' };
  const deadline = Date.now() + timeoutMs;
  let attempt: Attempt = { ok: false, code: 'EUNKNOWN', portTaken: false };
  for (let tries = 0; tries <= MAX_CHOSEN_PORT_TRIES; tries += 1) {
    // The chosen ports first; if each one was taken, the kernel's own choice.
    const localPort =
      tries < MAX_CHOSEN_PORT_TRIES ? egressPorts.next() : EgressPorts.KERNEL_CHOICE;
    attempt = await connectOnce({
      host: destination.address,
      port,
      localAddress: egressIp,
      localPort,
      timeoutMs: deadline - Date.now(),
    });
    if (attempt.ok) {
      const { upstream, reads } = attempt;
      // The address and port bound are known unless the kernel chose: no getsockname() then.
      const bound =
        localPort === EgressPorts.KERNEL_CHOICE
          ? { address: upstream.localAddress ?? egressIp, port: upstream.localPort ?? 0 }
          : { address: egressIp, port: localPort };
      return { ok: true, upstream, reads, bound };
    }
    if (!attempt.portTaken || localPort === EgressPorts.KERNEL_CHOICE) break;
  }
  return { ok: false, reason: 'unreachable', code: attempt.code };
}

type Attempt =
  | { ok: true; upstream: net.Socket; reads: ReusableReads }
  | {
      ok: false;
      code: string;
      /** The local port was in use: another one may work. */ portTaken: boolean;
    };

function connectOnce(options: {
  host: string;
  port: number;
  localAddress: string;
  localPort: number;
  timeoutMs: number;
}): Promise<Attempt> {
  return new Promise((resolve) => {
    const reads = new ReusableReads();
    const upstream = net.connect({
      onread: reads.onread,
      host: options.host,
      port: options.port,
      localAddress: options.localAddress,
      ...(options.localPort ? { localPort: options.localPort } : {}),
      noDelay: true,
      allowHalfOpen: true,
    });
    const timer = setTimeout(
      () => fail(Object.assign(new Error('connect timeout'), { code: 'ETIMEDOUT' })),
      Math.max(options.timeoutMs, 0),
    );
    function fail(error: NodeJS.ErrnoException): void {
      clearTimeout(timer);
      upstream.destroy();
      reads.release();
      const code = error.code ?? 'EUNKNOWN';
      // bind: the port is held by a listener or a live socket on this address; connect: the
      // 4-tuple is still in use (TIME_WAIT without tcp_tw_reuse). Not an address that is missing
      // from the host: bind says EADDRNOTAVAIL for that.
      const portTaken =
        options.localPort !== 0 &&
        (code === 'EADDRINUSE' || (code === 'EADDRNOTAVAIL' && error.syscall === 'connect'));
      resolve({ ok: false, code, portTaken });
    }
    upstream.once('error', fail);
    upstream.once('connect', () => {
      clearTimeout(timer);
      upstream.off('error', fail);
      // Until the relay takes over, an error must not go unhandled (it would kill the process);
      // the relay learns of it from 'close'.
      upstream.on('error', ignoreError);
      resolve({ ok: true, upstream, reads });
    });
  });
}
