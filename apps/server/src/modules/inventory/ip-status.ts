// The states of an address and every change between them: the one table of transitions the code
// makes (`ipTransitions`), and what an operator may do to an address in each state (quarantine,
// release, retirement), apart from the database so they can be tested at every edge.
import type { IpAddressStatus } from '@stratus/contract';

/**
 * Every change of an address's status, by name: the complete table. Each statement that writes
 * `ip_addresses.status` lives in this module and names its transition (`ip-transition-sql.ts`:
 * the new status, and a WHERE holding the row to the states it may leave); a test compares the
 * changes the database records (`ip_address_events`) through an address's whole life with it.
 * `null`: the address did not exist (an import).
 */
export const ipTransitions = {
  /** An import (the console's, the CLI's, the demo seed's) adds the address to the pool. */
  import: { from: [null], to: 'available' },
  /** A purchase or a replacement takes it for a new instance. */
  sell: { from: ['available'], to: 'allocated' },
  /**
   * Its instance ended (expiry, a full refund) or moved to another address (replacement): it
   * cools down, and its last owner may still reclaim it by renewing.
   */
  endInstance: { from: ['allocated'], to: 'cooling' },
  /** The last owner renewed the expired instance in time: the address is theirs again. */
  reclaim: { from: ['cooling'], to: 'allocated' },
  /** The cool-down is over: back on sale. */
  coolDown: { from: ['cooling'], to: 'available' },
  /** An operator took it out of sale (`nextIpStatus`'s `quarantine`). */
  quarantine: { from: ['available', 'allocated', 'cooling'], to: 'quarantined' },
  /** Released while a live instance still uses it. */
  releaseInUse: { from: ['quarantined'], to: 'allocated' },
  /** Released with no live instance on it: on sale again. */
  release: { from: ['quarantined'], to: 'available' },
  /** Retired for good, from any state no live instance uses. */
  retire: { from: ['available', 'allocated', 'cooling', 'quarantined'], to: 'retired' },
} as const satisfies Record<
  string,
  { from: readonly (IpAddressStatus | null)[]; to: IpAddressStatus }
>;
export type IpTransition = keyof typeof ipTransitions;

/** Whether the table allows an address to go from `from` (null: new) to `to`. */
export function isAllowedIpTransition(from: IpAddressStatus | null, to: IpAddressStatus): boolean {
  return Object.values(ipTransitions).some(
    (transition) =>
      transition.to === to &&
      (transition.from as readonly (IpAddressStatus | null)[]).includes(from),
  );
}

export const ipStatusChanges = ['quarantine', 'release', 'retire'] as const;
export type IpStatusChange = (typeof ipStatusChanges)[number];

export type IpStatusRefusal = 'ipAlreadyQuarantined' | 'ipNotQuarantined' | 'ipRetired' | 'ipInUse';

export type NextIpStatus =
  { ok: true; status: IpAddressStatus } | { ok: false; refusal: IpStatusRefusal };

/**
 * The status `change` moves an address to, or why it may not.
 *
 * - `quarantine`: from `available`, `cooling` (its last owner can no longer reclaim it) or
 *   `allocated` (the live instance keeps working, flagged for replacement).
 * - `release`: only a quarantined address; back to `allocated` while a live instance still
 *   uses it, else `available` to sell (not `cooling`: quarantine already ended any claim its
 *   last owner had).
 * - `retire`: any state but one a live instance uses; for good.
 * - A `retired` address changes no more.
 */
export function nextIpStatus(
  change: IpStatusChange,
  { status, inUse }: { status: IpAddressStatus; inUse: boolean },
): NextIpStatus {
  if (status === 'retired') return { ok: false, refusal: 'ipRetired' };
  switch (change) {
    case 'quarantine':
      return status === 'quarantined'
        ? { ok: false, refusal: 'ipAlreadyQuarantined' }
        : { ok: true, status: 'quarantined' };
    case 'release':
      if (status !== 'quarantined') return { ok: false, refusal: 'ipNotQuarantined' };
      return { ok: true, status: inUse ? 'allocated' : 'available' };
    case 'retire':
      return inUse ? { ok: false, refusal: 'ipInUse' } : { ok: true, status: 'retired' };
  }
}

/** The transition of the table an operator's allowed `change` to `status` makes. */
export function operatorTransition(change: IpStatusChange, status: IpAddressStatus): IpTransition {
  if (change === 'release') return status === 'allocated' ? 'releaseInUse' : 'release';
  return change;
}
