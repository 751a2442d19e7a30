/** The one currency the product bills in. */
export const CURRENCY = 'CNY' as const;

/**
 * Largest yuan amount the API takes: its fen (× 100) stay below 2^53, where numbers are exact, so
 * the two-decimal check and the conversion to fen never round.
 */
export const MAX_YUAN = 90_000_000_000_000;

/** Integer fen (inside) → yuan number (API edge). Exact for any amount below 2^53 fen. */
export function fenToYuan(fen: bigint): number {
  return Number(fen) / 100;
}

/** Yuan number (API edge, ≤ 2 decimals) → integer fen, rounding away float noise such as 0.1 + 0.2. */
export function yuanToFen(yuan: number): bigint {
  if (!Number.isFinite(yuan)) throw new RangeError(`Not a finite amount: ${yuan}`);
  return BigInt(Math.round(yuan * 100));
}
