// IP addresses and blocks as numbers: parsing (IPv4-mapped IPv6 becomes IPv4), the canonical text
// PostgreSQL's `cidr::text` writes, and the ranges that are not on the public internet (loopback,
// private, link-local, carrier-grade NAT, documentation, cloud metadata…). The allowlist refuses
// them as client addresses in production, webhooks as destinations.
import { isIP } from 'node:net';

export interface ParsedBlock {
  version: 4 | 6;
  /** The network address as a number (32 or 128 bits). */
  network: bigint;
  prefix: number;
}

const BITS = { 4: 32, 6: 128 } as const;

function parseIpv4(text: string): bigint {
  return text.split('.').reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
}

function parseIpv6(text: string): bigint {
  let head = text;
  let tailWords: number[] = [];
  // An embedded IPv4 tail (`::ffff:1.2.3.4`) stands for the last two words.
  const ipv4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(head);
  if (ipv4Tail?.[1]) {
    const value = Number(parseIpv4(ipv4Tail[1]));
    tailWords = [Math.floor(value / 65536), value % 65536];
    head = head.slice(0, -ipv4Tail[1].length);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const [left = '', right] = head.split('::');
  const words = (part: string) => (part === '' ? [] : part.split(':').map((w) => parseInt(w, 16)));
  const leftWords = words(left);
  const rightWords = [...(right === undefined ? [] : words(right)), ...tailWords];
  const all =
    right === undefined && tailWords.length === 0
      ? leftWords
      : right === undefined
        ? [...leftWords, ...tailWords]
        : [
            ...leftWords,
            ...Array<number>(8 - leftWords.length - rightWords.length).fill(0),
            ...rightWords,
          ];
  return all.reduce((value, word) => (value << 16n) | BigInt(word), 0n);
}

function formatIpv4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 255n)).join('.');
}

/**
 * IPv6 the way PostgreSQL (BIND's inet_ntop) writes it: lower-case words without leading zeros,
 * the longest run of two or more zero words (the first of equals) as `::`.
 */
function formatIpv6(value: bigint): string {
  const words = Array.from({ length: 8 }, (_, index) =>
    Number((value >> BigInt(112 - index * 16)) & 0xffffn),
  );
  let best = { start: -1, length: 0 };
  for (let index = 0; index < 8;) {
    if (words[index] !== 0) {
      index += 1;
      continue;
    }
    let end = index;
    while (end < 8 && words[end] === 0) end += 1;
    if (end - index > best.length) best = { start: index, length: end - index };
    index = end;
  }
  const hex = words.map((word) => word.toString(16));
  if (best.length < 2) return hex.join(':');
  const left = hex.slice(0, best.start).join(':');
  const right = hex.slice(best.start + best.length).join(':');
  return `${left}::${right}`;
}

export function formatBlock({ version, network, prefix }: ParsedBlock): string {
  return `${version === 4 ? formatIpv4(network) : formatIpv6(network)}/${prefix}`;
}

function hostMask(version: 4 | 6, prefix: number): bigint {
  return (1n << BigInt(BITS[version] - prefix)) - 1n;
}

/** `text` as an address or block; null when it is neither. IPv4-mapped IPv6 becomes IPv4. */
export function parseBlock(text: string): { block: ParsedBlock; address: bigint } | null {
  const match = /^([^/]+)(?:\/(\d{1,3}))?$/.exec(text.trim());
  const host = match?.[1];
  if (!match || !host || host.includes('%')) return null;
  const version = isIP(host);
  if (version !== 4 && version !== 6) return null;
  const prefix = match[2] === undefined ? BITS[version] : Number(match[2]);
  if (prefix > BITS[version] || ((match[2]?.length ?? 0) > 1 && match[2]?.startsWith('0'))) {
    return null;
  }
  const address = version === 4 ? parseIpv4(host) : parseIpv6(host);
  const mapped = version === 6 && address >> 32n === 0xffffn && prefix >= 96;
  if (mapped) {
    const ipv4 = address & 0xffffffffn;
    const ipv4Prefix = prefix - 96;
    return {
      block: { version: 4, network: ipv4 & ~hostMask(4, ipv4Prefix), prefix: ipv4Prefix },
      address: ipv4,
    };
  }
  return { block: { version, network: address & ~hostMask(version, prefix), prefix }, address };
}

/**
 * Whether `address` (an IP literal; IPv4-mapped IPv6 counts as its IPv4) lies inside `block` (an
 * address or CIDR block as `parseBlock` reads it); false when either is not one.
 */
export function blockContainsAddress(block: string, address: string): boolean {
  const range = parseBlock(block)?.block;
  const parsed = parseBlock(address);
  if (!range || !parsed || parsed.block.prefix !== BITS[parsed.block.version]) return false;
  if (range.version !== parsed.block.version) return false;
  return (parsed.address & ~hostMask(range.version, range.prefix)) === range.network;
}

/** Ranges no customer's client connects from on the public internet (IANA special-purpose). */
const reservedRanges: Record<4 | 6, string[]> = {
  4: [
    '0.0.0.0/8', // "this network"
    '10.0.0.0/8', // private
    '100.64.0.0/10', // carrier-grade NAT
    '127.0.0.0/8', // loopback
    '169.254.0.0/16', // link-local
    '172.16.0.0/12', // private
    '192.0.0.0/24', // IETF protocol assignments
    '192.0.2.0/24', // documentation (TEST-NET-1)
    '192.88.99.0/24', // 6to4 relay anycast
    '192.168.0.0/16', // private
    '198.18.0.0/15', // benchmarking
    '198.51.100.0/24', // documentation (TEST-NET-2)
    '203.0.113.0/24', // documentation (TEST-NET-3)
    '224.0.0.0/4', // multicast
    '240.0.0.0/4', // reserved, broadcast
  ],
  6: [
    '64:ff9b::/96', // NAT64
    '64:ff9b:1::/48', // local NAT64
    '2001::/23', // IETF protocol assignments (Teredo, benchmarking, ORCHID…)
    '2001:db8::/32', // documentation
    '2002::/16', // 6to4
    '3fff::/20', // documentation
  ],
};

const parsedReserved = Object.fromEntries(
  ([4, 6] as const).map((version) => [
    version,
    reservedRanges[version].map((range) => parseBlock(range)!.block),
  ]),
) as Record<4 | 6, ParsedBlock[]>;

function overlaps(a: ParsedBlock, b: ParsedBlock): boolean {
  const prefix = Math.min(a.prefix, b.prefix);
  const mask = ~hostMask(a.version, prefix);
  return (a.network & mask) === (b.network & mask);
}

/** Whether the block touches a reserved range; IPv6 outside global unicast (2000::/3) is reserved. */
export function isReservedBlock(block: ParsedBlock): boolean {
  if (block.version === 6 && block.network >> 125n !== 1n) return true;
  return parsedReserved[block.version].some((range) => overlaps(range, block));
}

/**
 * Whether `address` (an IP literal; IPv4-mapped IPv6 counts as its IPv4) is loopback, private,
 * link-local, a cloud metadata address or otherwise not on the public internet. Anything that is
 * not an address at all counts as reserved.
 */
export function isReservedAddress(address: string): boolean {
  const parsed = parseBlock(address.replace(/^\[(.*)\]$/, '$1'));
  return parsed === null || isReservedBlock(parsed.block);
}
