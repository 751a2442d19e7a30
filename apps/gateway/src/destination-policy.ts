// Where a proxied connection may go. By default nowhere inside the provider's own networks:
// loopback, private (RFC 1918), link-local, carrier-grade NAT, unique-local IPv6, unspecified,
// multicast and the other special-purpose ranges are refused. A name is resolved first and the
// resolved address is checked and then connected to as it is, so a second lookup (DNS
// rebinding) cannot change the answer after the check.
import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { unmapIpv4 } from './ip-address.ts';

const blockedIpv4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const blockedIpv6: [string, number][] = [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible addresses
  ['64:ff9b::', 96], // NAT64: would reach any IPv4 address, private ones included
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local
  ['ff00::', 8], // multicast
];

/** The refused ranges in CIDR notation, for engines that take them as a list (V2Ray's routing). */
export const blockedNetworks: readonly string[] = [...blockedIpv4, ...blockedIpv6].map(
  ([network, prefix]) => `${network}/${prefix}`,
);

const blocked = new net.BlockList();
for (const [network, prefix] of blockedIpv4) blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of blockedIpv6) blocked.addSubnet(network, prefix, 'ipv6');

/**
 * Whether an address lies in a range the proxy must not reach. BlockList checks an IPv4-mapped
 * IPv6 address (`::ffff:127.0.0.1`, `::ffff:7f00:1`) against the IPv4 ranges. Anything that is
 * not an IP address counts as blocked.
 */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type Destination =
  | { ok: true; address: string }
  /**
   * `refused`: the policy forbids it; `unresolvable`: the name does not resolve;
   * `wrongFamily`: an IPv6 destination from an IPv4 egress address or the reverse.
   */
  | { ok: false; reason: 'refused' | 'unresolvable' | 'wrongFamily' };

/**
 * Resolves `host` in the family of the egress address (a socket bound to an IPv4 address can
 * reach only IPv4) and applies the policy.
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
  if (family === 4) address = unmapIpv4(address);
  if (!allowPrivate && isPrivateAddress(address)) return { ok: false, reason: 'refused' };
  if (net.isIP(address) !== family) return { ok: false, reason: 'wrongFamily' };
  return { ok: true, address };
}
