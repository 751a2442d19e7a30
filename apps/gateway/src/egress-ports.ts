// The local ports outgoing connections bind to. Binding the egress address with port 0 makes the
// kernel search for a free port by bind rules alone (Node cannot set IP_BIND_ADDRESS_NO_PORT, which
// would defer the choice to connect): every port still in TIME_WAIT counts as taken, so under
// churn each bind scans more of the range and one busy static IP spends its CPU in that search
// (measured by `npm run bench:gateway`: 30 000 short connections in 60 s cost the gateway ~70 s of
// kernel time and fell a third behind; with ports taken in turn, ~6 s and on time).
//
// Choosing the port ourselves, in turn through a range, makes each bind one lookup. libuv sets
// SO_REUSEADDR, so a port whose last connection is in TIME_WAIT binds again, and a port taken for
// real (a listener, a live connection) fails at once and the next one is tried; `connect` reuses
// a TIME_WAIT 4-tuple (same destination) only where `net.ipv4.tcp_tw_reuse` allows it, and a
// full turn of the range in between makes that rare. The range must lie outside the kernel's
// ephemeral range (`ip_local_port_range`), or be reserved with `ip_local_reserved_ports`: the
// kernel skips explicitly bound ports when it picks one for an ordinary connection, so a busy
// gateway inside that range would starve every other outgoing connection of the host.
import { readFileSync } from 'node:fs';

export interface PortRange {
  first: number;
  last: number;
}

/** Below Linux's default ephemeral range (32768–60999): 20 000 ports per egress address. */
export const DEFAULT_EGRESS_PORT_RANGE: PortRange = { first: 10000, last: 29999 };

/** Linux's default `net.ipv4.ip_local_port_range`. */
const LINUX_DEFAULT_RANGE: PortRange = { first: 32768, last: 60999 };
const KERNEL_RANGE_FILE = '/proc/sys/net/ipv4/ip_local_port_range';

/** Parses `first-last` (or the kernel's `first<tab>last`); null when it is not a valid range. */
export function parsePortRange(text: string): PortRange | null {
  const match = /^\s*(\d{1,5})\s*[-\s]\s*(\d{1,5})\s*$/.exec(text);
  if (!match) return null;
  const first = Number(match[1]);
  const last = Number(match[2]);
  if (first < 1 || last > 65535 || first > last) return null;
  return { first, last };
}

/** The kernel's ephemeral port range, from which it picks ports for ordinary connections. */
export function kernelPortRange(file = KERNEL_RANGE_FILE): PortRange {
  try {
    return parsePortRange(readFileSync(file, 'utf8')) ?? LINUX_DEFAULT_RANGE;
  } catch {
    return LINUX_DEFAULT_RANGE;
  }
}

/** Whether two ranges share a port. */
export function rangesOverlap(a: PortRange, b: PortRange): boolean {
  return a.first <= b.last && b.first <= a.last;
}

export class EgressPorts {
  private readonly range: PortRange | null;
  private cursor: number;

  /** With `null`, every bind asks the kernel (port 0). */
  constructor(range: PortRange | null) {
    this.range = range;
    const size = range ? range.last - range.first + 1 : 1;
    // A restarted gateway starts elsewhere than where its predecessor's TIME_WAITs are.
    this.cursor = Math.floor(Math.random() * size);
  }

  /** The kernel chooses: the fallback once chosen ports kept failing, and the only way without a range. */
  static readonly KERNEL_CHOICE = 0;

  /** The next port to bind, or 0 for the kernel's choice. */
  next(): number {
    if (!this.range) return EgressPorts.KERNEL_CHOICE;
    const size = this.range.last - this.range.first + 1;
    const port = this.range.first + (this.cursor % size);
    this.cursor = (this.cursor + 1) % size;
    return port;
  }
}
