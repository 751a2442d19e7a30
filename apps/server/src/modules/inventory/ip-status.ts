// What an operator may do to an address in each state: the rules of quarantine, release and
// retirement, apart from the database so they can be tested at every edge.
import type { IpAddressStatus } from '@stratus/contract';

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
