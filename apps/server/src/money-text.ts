// Integer fen ↔ decimal yuan text, exactly (no float on the way), for CSV cells and providers.

/** Integer fen as a plain yuan number with two decimals: -1234n → `-12.34`. */
export function formatFen(fen: bigint): string {
  const sign = fen < 0n ? '-' : '';
  const magnitude = fen < 0n ? -fen : fen;
  return `${sign}${magnitude / 100n}.${(magnitude % 100n).toString().padStart(2, '0')}`;
}

/** `12.34` → 1234n; undefined for anything but a plain non-negative yuan amount, ≤ 2 decimals. */
export function parseYuanText(text: string | undefined): bigint | undefined {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text ?? '');
  if (!match) return undefined;
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}
