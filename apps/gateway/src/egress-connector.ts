// Connects to a destination from the grant's egress address, so the destination sees the
// static IP (or the pool address) as the peer: the policy is checked on the resolved address and
// the socket connects to exactly that address, bound to the egress address.
import net from 'node:net';
import { resolveDestination } from './destination-policy.ts';
import { ReusableReads } from './reusable-reads.ts';

export type ConnectFailure =
  /** The policy refuses the destination. */
  | { reason: 'policy' }
  /** Unresolvable, refused, unreachable, timed out, or the egress address is not on this host. */
  | { reason: 'unreachable'; code: string };

export type ConnectResult =
  { ok: true; upstream: net.Socket; reads: ReusableReads } | ({ ok: false } & ConnectFailure);

function ignoreError(): void {}

export async function connectFromEgress({
  egressIp,
  host,
  port,
  allowPrivateDestinations,
  timeoutMs,
}: {
  egressIp: string;
  host: string;
  port: number;
  allowPrivateDestinations: boolean;
  timeoutMs: number;
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
  return new Promise((resolve) => {
    const reads = new ReusableReads();
    const upstream = net.connect({
      onread: reads.onread,
      host: destination.address,
      port,
      localAddress: egressIp,
      noDelay: true,
      allowHalfOpen: true,
    });
    const timer = setTimeout(
      () => fail(Object.assign(new Error('connect timeout'), { code: 'ETIMEDOUT' })),
      timeoutMs,
    );
    function fail(error: NodeJS.ErrnoException): void {
      clearTimeout(timer);
      upstream.destroy();
      resolve({ ok: false, reason: 'unreachable', code: error.code ?? 'EUNKNOWN' });
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
