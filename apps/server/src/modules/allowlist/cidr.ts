// Allowlist blocks: parsing to canonical CIDR text (the form PostgreSQL's `cidr::text` writes, which
// the table's check constraint demands), the width limit and the reserved ranges refused in
// production. A block written with host bits set (`10.1.2.3/24`) is refused rather than masked:
// the customer may have meant the single address, and guessing would allowlist 255 strangers.
import { MIN_ALLOWLIST_PREFIX } from '@stratus/contract';
import { formatBlock, isReservedBlock, parseBlock } from '../../ip-blocks.ts';

export type BlockProblem =
  | { kind: 'invalid' }
  | { kind: 'hostBitsSet'; network: string }
  | { kind: 'tooWide' }
  | { kind: 'reserved' };

export type BlockCheck = { ok: true; cidr: string } | { ok: false; problem: BlockProblem };

/**
 * The canonical CIDR of an allowlist entry, or why it is refused. `production` refuses reserved
 * ranges (outside production loopback and private addresses are allowed, so tests can connect).
 */
export function checkAllowlistBlock(
  text: string,
  { production }: { production: boolean },
): BlockCheck {
  const parsed = parseBlock(text);
  if (!parsed) return { ok: false, problem: { kind: 'invalid' } };
  const { block, address } = parsed;
  if (block.network !== address) {
    return { ok: false, problem: { kind: 'hostBitsSet', network: formatBlock(block) } };
  }
  if (block.prefix < MIN_ALLOWLIST_PREFIX[block.version]) {
    return { ok: false, problem: { kind: 'tooWide' } };
  }
  // IPv4-compatible (::a.b.c.d, deprecated) and IPv4-mapped blocks wider than /96 print in a
  // dotted form in PostgreSQL; no client connects from them, so they are refused everywhere
  // (`::` and `::1` excepted; a mapped single address or /96+ block was turned into IPv4 above).
  const upper = block.network >> 32n;
  const compatible =
    block.version === 6 && (upper === 0xffffn || (upper === 0n && block.network > 1n));
  if (compatible || (production && isReservedBlock(block))) {
    return { ok: false, problem: { kind: 'reserved' } };
  }
  return { ok: true, cidr: formatBlock(block) };
}
