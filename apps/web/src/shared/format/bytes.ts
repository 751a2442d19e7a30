const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;
const STEP = 1024;

/**
 * Bytes in binary units (1 KB = 1024 B), as traffic is metered and sold: `1.5 GB`, `512 B`.
 * At most `fractionDigits` decimals, trailing zeros dropped.
 */
export function formatBytes(bytes: number, fractionDigits = 2): string {
  if (!Number.isFinite(bytes)) return '--';
  const sign = bytes < 0 ? '-' : '';
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= STEP && unit < UNITS.length - 1) {
    value /= STEP;
    unit += 1;
  }
  let rounded = Number(value.toFixed(unit === 0 ? 0 : fractionDigits));
  // 1023.999 KB rounds to 1024 KB: show it as 1 MB instead.
  if (rounded >= STEP && unit < UNITS.length - 1) {
    rounded = 1;
    unit += 1;
  }
  return `${sign}${rounded} ${UNITS[unit]}`;
}

/** The unit `formatBytes` would show an amount in, e.g. to scale a chart axis to round numbers. */
export function byteUnitFor(bytes: number): { label: (typeof UNITS)[number]; size: number } {
  let unit = 0;
  let value = Math.abs(bytes);
  while (value >= STEP && unit < UNITS.length - 1) {
    value /= STEP;
    unit += 1;
  }
  return { label: UNITS[unit]!, size: STEP ** unit };
}
