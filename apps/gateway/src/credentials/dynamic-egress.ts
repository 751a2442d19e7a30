// Which pool address a dynamic connection leaves from: an address of the requested country (and
// city), the next one in turn per connection when rotating, the same one for the life of a
// sticky session.
import {
  DEFAULT_STICKY_MINUTES,
  type DynamicTargeting,
  type NodeDynamicEgress,
} from '@stratus/contract';

const MINUTE_MS = 60_000;
/** Sticky sessions remembered at most; expired ones are swept when the map reaches it. */
const MAX_STICKY_SESSIONS = 100_000;

interface Region {
  addresses: string[];
  members: Set<string>;
  /** Round-robin position. */
  next: number;
}

function regionKey(country: string | null, city: string | null): string {
  if (!country) return '*';
  return city ? `${country.toUpperCase()}/${city.toLowerCase()}` : country.toUpperCase();
}

export class DynamicEgressPool {
  private regions = new Map<string, Region>();
  // Kept across snapshots: a new snapshot must not move a live sticky session whose address
  // is still in the pool.
  private readonly sticky = new Map<string, { ip: string; expiresAt: number }>();

  /** Serves from these addresses from now on. */
  replace(egress: NodeDynamicEgress[]): void {
    const regions = new Map<string, Region>();
    for (const entry of egress) {
      for (const key of [
        '*',
        regionKey(entry.country, null),
        regionKey(entry.country, entry.city),
      ]) {
        let region = regions.get(key);
        if (!region) regions.set(key, (region = { addresses: [], members: new Set(), next: 0 }));
        if (region.members.has(entry.ip)) continue;
        region.addresses.push(entry.ip);
        region.members.add(entry.ip);
      }
    }
    this.regions = regions;
  }

  /** An egress address for the targeting, or null when the pool has none there. */
  pick(targeting: DynamicTargeting, now: number): string | null {
    const region = this.regions.get(regionKey(targeting.country, targeting.city));
    if (!region) return null;
    if (!targeting.session) return this.rotate(region);
    // One session of one account keeps one address, as long as it fits the targeting asked for.
    const key = `${targeting.account}\n${targeting.session}`;
    const held = this.sticky.get(key);
    if (held && held.expiresAt > now && region.members.has(held.ip)) return held.ip;
    const ip = this.rotate(region);
    if (this.sticky.size >= MAX_STICKY_SESSIONS) this.sweep(now);
    const minutes = targeting.lifeMinutes ?? DEFAULT_STICKY_MINUTES;
    // Re-inserted, so the map's order stays oldest first for the sweep.
    this.sticky.delete(key);
    this.sticky.set(key, { ip, expiresAt: now + minutes * MINUTE_MS });
    return ip;
  }

  private rotate(region: Region): string {
    const ip = region.addresses[region.next % region.addresses.length]!;
    region.next = (region.next + 1) % region.addresses.length;
    return ip;
  }

  private sweep(now: number): void {
    for (const [key, session] of this.sticky) if (session.expiresAt <= now) this.sticky.delete(key);
    // Still full of live sessions: forget the oldest rather than grow without bound.
    if (this.sticky.size >= MAX_STICKY_SESSIONS) {
      const oldest = this.sticky.keys().next().value;
      if (oldest !== undefined) this.sticky.delete(oldest);
    }
  }
}
