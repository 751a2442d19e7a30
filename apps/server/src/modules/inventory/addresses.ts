// IPv4 and IPv6 address checks, and the expansion of IPv4 blocks and ranges, for inventory imports.
import { isIP } from 'node:net';
import type { ImportProblem } from './problems.ts';

/**
 * The most addresses one block or range may expand to: a typo such as /8 must not insert 16
 * million rows.
 */
export const MAX_CIDR_ADDRESSES = 4096;

/**
 * Canonical text of a valid IPv4 or IPv6 address; undefined otherwise. IPv6 is written one way
 * (lower case, zeros compressed as RFC 5952 has it), so `2001:DB8:0::1` and `2001:db8::1` are
 * one address to the pool's unique index.
 */
export function normaliseIpAddress(text: string): string | undefined {
  const trimmed = text.trim();
  const version = isIP(trimmed);
  if (version === 4) {
    // `isIP` accepts no leading zeros, so `010.0.0.1` (octal in some tools) is already refused.
    return trimmed;
  }
  // The URL parser writes an IPv6 host in its canonical form.
  if (version === 6) return new URL(`http://[${trimmed}]/`).hostname.slice(1, -1);
  return undefined;
}

function ipv4ToNumber(address: string): number {
  return address.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);
}

function numberToIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

export type Expansion = { ok: true; addresses: string[] } | { ok: false; problem: ImportProblem };

/**
 * The host addresses of an IPv4 block, in order. For /30 and wider the network and broadcast
 * addresses are left out (they cannot carry a proxy); /31 and /32 keep every address (RFC 3021).
 * The block must be written with its network address (`10.0.0.0/29`, not `10.0.0.5/29`), so a
 * mistyped prefix is refused instead of silently importing a neighbour's range.
 */
export function expandIpv4Cidr(cidr: string): Expansion {
  const text = cidr.trim();
  const match = /^([0-9.]+)\/(\d{1,2})$/.exec(text);
  const base = match?.[1];
  const prefix = Number(match?.[2]);
  if (!match || !base || isIP(base) !== 4 || prefix > 32) {
    return { ok: false, problem: { key: 'adminInventory.problem.notACidr', params: { text } } };
  }
  const size = 2 ** (32 - prefix);
  const start = ipv4ToNumber(base);
  if (start % size !== 0) {
    const suggestion = `${numberToIpv4(start - (start % size))}/${prefix}`;
    return {
      ok: false,
      problem: { key: 'adminInventory.problem.notBlockStart', params: { text, suggestion } },
    };
  }
  const skipEnds = prefix <= 30;
  const count = skipEnds ? size - 2 : size;
  if (count > MAX_CIDR_ADDRESSES) return tooLarge(text, count);
  const first = skipEnds ? start + 1 : start;
  return {
    ok: true,
    addresses: Array.from({ length: count }, (_unused, index) => numberToIpv4(first + index)),
  };
}

function tooLarge(text: string, count: number): Expansion {
  return {
    ok: false,
    problem: {
      key: 'adminInventory.problem.blockTooLarge',
      params: { text, count, max: MAX_CIDR_ADDRESSES },
    },
  };
}

/**
 * Every address of an IPv4 range, both ends included: `10.0.0.10-10.0.0.20`, or with the last
 * octet only, `10.0.0.10-20`. At most `MAX_CIDR_ADDRESSES`, like a block.
 */
export function expandIpv4Range(range: string): Expansion {
  const text = range.trim();
  const parts = text.split('-').map((part) => part.trim());
  const [from = '', to = ''] = parts;
  const last = /^\d{1,3}$/.test(to) ? `${from.split('.').slice(0, 3).join('.')}.${to}` : to;
  if (parts.length !== 2 || isIP(from) !== 4 || isIP(last) !== 4) {
    return { ok: false, problem: { key: 'adminInventory.problem.notARange', params: { text } } };
  }
  const start = ipv4ToNumber(from);
  const end = ipv4ToNumber(last);
  if (end < start) {
    return {
      ok: false,
      problem: { key: 'adminInventory.problem.rangeReversed', params: { text } },
    };
  }
  const count = end - start + 1;
  if (count > MAX_CIDR_ADDRESSES) return tooLarge(text, count);
  return {
    ok: true,
    addresses: Array.from({ length: count }, (_unused, index) => numberToIpv4(start + index)),
  };
}
