// Which allowlist entry a client's source address falls in. Blocks are kept as address bytes and
// a prefix length, so a source matches by comparing its leading bits; IPv4 clients of a
// dual-stack socket (`::ffff:1.2.3.4`) are matched as IPv4.
import net from 'node:net';
import type { NodeAllowlistEntry } from '@stratus/contract';
import { ipv6Bytes, unmapIpv4 } from '../ip-address.ts';

interface Block {
  entry: NodeAllowlistEntry;
  bytes: Uint8Array;
  prefix: number;
}

function addressBytes(address: string): Uint8Array | null {
  if (net.isIPv4(address)) return Uint8Array.from(address.split('.').map(Number));
  if (net.isIPv6(address)) return ipv6Bytes(address);
  return null;
}

function parseBlock(entry: NodeAllowlistEntry): Block | null {
  const [address = '', prefixText] = entry.cidr.split('/');
  const bytes = addressBytes(address);
  if (!bytes) return null;
  const prefix = prefixText === undefined ? bytes.length * 8 : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > bytes.length * 8) return null;
  return { entry, bytes, prefix };
}

function inBlock(source: Uint8Array, block: Block): boolean {
  if (source.length !== block.bytes.length) return false;
  const whole = Math.floor(block.prefix / 8);
  for (let index = 0; index < whole; index += 1) {
    if (source[index] !== block.bytes[index]) return false;
  }
  const rest = block.prefix % 8;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return (source[whole]! & mask) === (block.bytes[whole]! & mask);
}

export class Allowlist {
  private readonly blocks: Block[];

  /** Entries whose CIDR does not parse are left out (the API only hands out canonical ones). */
  constructor(entries: NodeAllowlistEntry[]) {
    this.blocks = entries.map(parseBlock).filter((block) => block !== null);
  }

  /**
   * The entry the source address falls in; null when none does, or when blocks of two customers
   * do (ambiguous: the API forbids overlaps, so only a corrupt snapshot could say so).
   * A linear scan: a customer has at most 20 blocks and a node serves few enough customers.
   */
  match(sourceAddress: string | undefined): NodeAllowlistEntry | null {
    const source = addressBytes(unmapIpv4(sourceAddress ?? ''));
    if (!source) return null;
    let found: Block | null = null;
    for (const block of this.blocks) {
      if (!inBlock(source, block)) continue;
      if (found && found.entry.userId !== block.entry.userId) return null;
      // The narrowest block of one customer names the entry that admitted the client.
      if (!found || block.prefix > found.prefix) found = block;
    }
    return found?.entry ?? null;
  }
}
