// Which pool address a dynamic connection leaves from: any address of the requested country
// (and city), a new one per connection when rotating, the same one for the life of a sticky
// session.
import type { DynamicTargeting, NodeDynamicEgress } from '@stratus/contract';

const MINUTE_MS = 60_000;
/** Sticky sessions remembered at most; expired ones are swept when the map reaches it. */
const MAX_STICKY_SESSIONS = 100_000;

export class DynamicEgressPool {
  private byRegion = new Map<string, string[]>();
  // Kept across snapshots: a new snapshot must not move a live sticky session.
  private readonly sticky = new Map<string, { ip: string; expiresAt: number }>();
  private next = 0;

  /** Serves from these addresses from now on. */
  replace(egress: NodeDynamicEgress[]): void {
    this.byRegion = new Map();
    for (const entry of egress) {
      const country = entry.country.toUpperCase();
      for (const key of ['*', country, `${country}/${entry.city.toLowerCase()}`]) {
        const list = this.byRegion.get(key) ?? [];
        list.push(entry.ip);
        this.byRegion.set(key, list);
      }
    }
  }

  /** An egress address for the targeting, or null when the pool has none there. */
  pick(targeting: DynamicTargeting, now: number): string | null {
    const region = targeting.country
      ? targeting.city
        ? `${targeting.country}/${targeting.city}`
        : targeting.country
      : '*';
    const candidates = this.byRegion.get(region);
    if (!candidates?.length) return null;
    if (!targeting.session) return this.rotate(candidates);
    const key = `${targeting.account}:${targeting.session}:${region}`;
    const held = this.sticky.get(key);
    if (held && held.expiresAt > now && candidates.includes(held.ip)) return held.ip;
    const ip = this.rotate(candidates);
    if (this.sticky.size >= MAX_STICKY_SESSIONS) this.sweep(now);
    this.sticky.set(key, { ip, expiresAt: now + (targeting.lifeMinutes ?? 30) * MINUTE_MS });
    return ip;
  }

  private rotate(candidates: string[]): string {
    this.next = (this.next + 1) % Number.MAX_SAFE_INTEGER;
    return candidates[this.next % candidates.length]!;
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
