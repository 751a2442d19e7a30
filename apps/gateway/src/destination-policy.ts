// Where a proxied connection may go. By default nowhere inside the provider's own networks:
// loopback, private, link-local, carrier-grade NAT, unique-local IPv6 and the like are refused,
// checked on the address a name resolves to (a public name pointing at 10.0.0.1 is refused too)
// and then connected to as resolved, so a second lookup cannot change the answer.
import { lookup } from 'node:dns/promises';
import net from 'node:net';

const blockedRanges = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blockedRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blockedRanges.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address lies in a range the proxy must not reach (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blockedRanges.check(mapped[1]!, 'ipv4');
  const family = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : null;
  return family === null || blockedRanges.check(address, family);
}

export type Destination =
  { ok: true; address: string; family: 4 | 6 } | { ok: false; reason: 'refused' | 'unresolvable' };

/**
 * Resolves `host` in the family of the egress address (a socket bound to an IPv4 address can
 * only reach IPv4) and applies the policy.
 */
export async function resolveDestination(
  host: string,
  { allowPrivate, family }: { allowPrivate: boolean; family: 4 | 6 },
): Promise<Destination> {
  let address = host;
  if (!net.isIP(host)) {
    try {
      address = (await lookup(host, { family })).address;
    } catch {
      return { ok: false, reason: 'unresolvable' };
    }
  }
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && family === 4) address = mapped[1]!;
  if (net.isIP(address) !== family) return { ok: false, reason: 'unresolvable' };
  if (!allowPrivate && isPrivateAddress(address)) return { ok: false, reason: 'refused' };
  return { ok: true, address, family };
}
