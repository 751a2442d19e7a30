// Address forms the gateway meets: IPv4 clients of a dual-stack socket appear as IPv4-mapped IPv6
// (`::ffff:1.2.3.4`), and SOCKS5 carries IPv6 addresses as 16 raw bytes.
import net from 'node:net';

/** `::ffff:1.2.3.4` → `1.2.3.4`; any other address unchanged. */
export function unmapIpv4(address: string): string {
  return /^::ffff:/i.test(address) && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
}

/** Eight hexadecimal groups (uncompressed; every consumer of the string accepts it). */
export function formatIpv6(bytes: Uint8Array): string {
  const groups: string[] = [];
  for (let index = 0; index < 16; index += 2) {
    groups.push(((bytes[index]! << 8) | bytes[index + 1]!).toString(16));
  }
  return groups.join(':');
}

/** The 16 bytes of a valid IPv6 address, `::` and an embedded IPv4 tail included. */
export function ipv6Bytes(address: string): Uint8Array {
  const [head = '', tail = ''] = address.split('::');
  const expand = (part: string) =>
    (part ? part.split(':') : []).flatMap((group) => {
      if (!group.includes('.')) return [parseInt(group, 16)];
      const [a, b, c, d] = group.split('.').map(Number);
      return [(a! << 8) | b!, (c! << 8) | d!];
    });
  const left = expand(head);
  const right = expand(tail);
  const groups = address.includes('::')
    ? [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right]
    : left;
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    bytes[index * 2] = group >> 8;
    bytes[index * 2 + 1] = group & 0xff;
  });
  return bytes;
}
