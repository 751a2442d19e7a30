// Reads pasted addresses: per line one or more entries (separated by spaces or commas, `#` starts
// a comment), each an address, an IPv4 block or an IPv4 range, all sharing one region, line type
// and ports.
import type { LineType } from '@stratus/contract';
import {
  expandIpv4Cidr,
  expandIpv4Range,
  normaliseIpAddress,
  type Expansion,
} from './addresses.ts';
import type { ImportCandidate, RegionSpec } from './rows.ts';

/** What every pasted address gets. */
export interface RangeDefaults {
  region: RegionSpec;
  lineType: LineType;
  port: number;
  vmessPort: number;
}

function expandEntry(entry: string): Expansion {
  if (entry.includes('/')) return expandIpv4Cidr(entry);
  if (entry.includes('-')) return expandIpv4Range(entry);
  const address = normaliseIpAddress(entry);
  return address === undefined
    ? { ok: false, problem: { key: 'adminInventory.problem.notARange', params: { text: entry } } }
    : { ok: true, addresses: [address] };
}

/**
 * One candidate per address in the order written, and one per entry that cannot be read (with
 * the entry as its address). `limit` stops the expansion early: the caller refuses more anyway.
 */
export function readIpRanges(
  text: string,
  defaults: RangeDefaults,
  limit = Number.POSITIVE_INFINITY,
): ImportCandidate[] {
  const candidates: ImportCandidate[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  for (const [index, raw] of lines.entries()) {
    const content = raw.split('#', 1)[0] ?? '';
    const entries = content
      .split(/[\s,;]+/)
      .map((entry) => entry.trim())
      .filter(Boolean);
    for (const entry of entries) {
      const expansion = expandEntry(entry);
      if (!expansion.ok) {
        candidates.push({ line: index + 1, address: entry, problems: [expansion.problem] });
        continue;
      }
      for (const address of expansion.addresses) {
        candidates.push({
          line: index + 1,
          address,
          ip: { address, ...defaults },
          problems: [],
        });
      }
      if (candidates.length > limit) return candidates;
    }
  }
  return candidates;
}
