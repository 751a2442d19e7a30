// The operator's IP inventory: the states an address moves through.

/**
 * `available` to sell; `allocated` to a live or recently expired instance; `cooling` after
 * expiry (its last owner may still reclaim it by renewing); `quarantined` by an operator (e.g.
 * blacklisted: never sold, a live instance on it is flagged for replacement); `retired` for good.
 */
export const ipAddressStatuses = [
  'available',
  'allocated',
  'cooling',
  'quarantined',
  'retired',
] as const;
export type IpAddressStatus = (typeof ipAddressStatuses)[number];
