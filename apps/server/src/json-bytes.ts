// Byte counts leave the API as JSON numbers, which are exact only up to Number.MAX_SAFE_INTEGER
// (the contract's integers stop there too). Batches are bounded so that real totals never come
// near it, but sums over rows written before those bounds, or over many packages, could: such a
// count is shown as the largest exact number rather than failing the whole answer.

const MAX_EXACT = BigInt(Number.MAX_SAFE_INTEGER);

/** `bytes` as a JSON-safe number, clamped to 0..Number.MAX_SAFE_INTEGER. */
export function toJsonBytes(bytes: bigint): number {
  if (bytes <= 0n) return 0;
  return Number(bytes < MAX_EXACT ? bytes : MAX_EXACT);
}
