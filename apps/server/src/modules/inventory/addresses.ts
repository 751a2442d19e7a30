// IPv4 and IPv6 address checks and IPv4 CIDR expansion for inventory imports.
import { isIP } from 'node:net';

/** The most addresses one `--cidr` may expand to: a typo such as /8 must not insert 16 million rows. */
export const MAX_CIDR_ADDRESSES = 4096;

/** Canonical text of a valid IPv4 or IPv6 address (IPv6 lower-cased); undefined otherwise. */
export function normaliseIpAddress(text: string): string | undefined {
  const trimmed = text.trim();
  const version = isIP(trimmed);
  if (version === 4) {
    // `isIP` accepts no leading zeros, so `010.0.0.1` (octal in some tools) is already refused.
    return trimmed;
  }
  if (version === 6) return trimmed.toLowerCase();
  return undefined;
}

function ipv4ToNumber(address: string): number {
  return address.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);
}

function numberToIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

export type CidrExpansion = { ok: true; addresses: string[] } | { ok: false; reason: string };

/**
 * The host addresses of an IPv4 block, in order. For /30 and wider the network and broadcast
 * addresses are left out (they cannot carry a proxy); /31 and /32 keep every address (RFC 3021).
 * The block must be written with its network address (`10.0.0.0/29`, not `10.0.0.5/29`), so a
 * mistyped prefix is refused instead of silently importing a neighbour's range.
 */
export function expandIpv4Cidr(cidr: string): CidrExpansion {
  const match = /^([0-9.]+)\/(\d{1,2})$/.exec(cidr.trim());
  const base = match?.[1];
  const prefix = Number(match?.[2]);
  if (!match || !base || isIP(base) !== 4 || prefix > 32) {
    return { ok: false, reason: `"${cidr}" is not an IPv4 CIDR block such as 10.0.0.0/29` };
  }
  const size = 2 ** (32 - prefix);
  const start = ipv4ToNumber(base);
  if (start % size !== 0) {
    return {
      ok: false,
      reason: `"${cidr}" is not a block start; did you mean ${numberToIpv4(start - (start % size))}/${prefix}?`,
    };
  }
  const skipEnds = prefix <= 30;
  const count = skipEnds ? size - 2 : size;
  if (count > MAX_CIDR_ADDRESSES) {
    return {
      ok: false,
      reason: `"${cidr}" holds ${count} addresses; import at most ${MAX_CIDR_ADDRESSES} at once`,
    };
  }
  const first = skipEnds ? start + 1 : start;
  return {
    ok: true,
    addresses: Array.from({ length: count }, (_unused, index) => numberToIpv4(first + index)),
  };
}
