// Quota arithmetic of dynamic usage: bytes are drawn from a user's packages, soonest expiry
// first, never beyond a package's total; what no package covers is overage.

export interface PackageBalance {
  id: string;
  totalBytes: bigint;
  usedBytes: bigint;
}

export interface UsageDemand {
  /** Bytes moved (up + down). */
  bytes: bigint;
}

export interface DrawDownResult {
  /** Packages whose used bytes changed, with their new value. */
  packages: { id: string; usedBytes: bigint; exhausted: boolean }[];
  /** Per demand (same order): the bytes no package could cover. */
  overage: bigint[];
  /** What each demand (its index) took from each package, in the order drawn. */
  draws: { demand: number; packageId: string; bytes: bigint }[];
}

/**
 * Draws `demands` (in the order given: oldest hour first) from `packages` (in the order given:
 * soonest expiry first).
 */
export function drawDownPackages(
  packages: PackageBalance[],
  demands: UsageDemand[],
): DrawDownResult {
  const balances = packages.map((item) => ({ ...item, changed: false }));
  const draws: DrawDownResult['draws'] = [];
  const overage = demands.map((demand, index) => {
    let left = demand.bytes;
    for (const balance of balances) {
      if (left === 0n) break;
      const available = balance.totalBytes - balance.usedBytes;
      if (available <= 0n) continue;
      const taken = available < left ? available : left;
      balance.usedBytes += taken;
      balance.changed = true;
      draws.push({ demand: index, packageId: balance.id, bytes: taken });
      left -= taken;
    }
    return left;
  });
  return {
    packages: balances
      .filter((balance) => balance.changed)
      .map(({ id, usedBytes, totalBytes }) => ({
        id,
        usedBytes,
        exhausted: usedBytes >= totalBytes,
      })),
    overage,
    draws,
  };
}
