// Order arithmetic in integer fen, and order numbers. Pure, so boundaries are unit-tested.
import { randomInt } from 'node:crypto';
import { compactBusinessDay } from '../../business-time.ts';

/** What `quantity` IPs at `unitPriceFen` cost; rejects non-positive quantities. */
export function lineAmountFen({
  unitPriceFen,
  quantity,
}: {
  unitPriceFen: bigint;
  quantity: number;
}): bigint {
  if (!Number.isInteger(quantity) || quantity <= 0) {
    throw new RangeError(`quantity must be a positive integer, got ${quantity}`);
  }
  return unitPriceFen * BigInt(quantity);
}

export const orderNumberPrefixes = {
  static_ip: 'SI',
  renewal: 'RN',
  traffic: 'TR',
  replacement: 'RP',
} as const;

/**
 * A readable number: `prefix` + the China-time day (yyyymmdd) + 10 random digits. Readable on the
 * phone, and a unique index refuses the (about 1 in 10^10 a day) clash.
 */
export function generateReadableNo({ prefix, now }: { prefix: string; now: Date }): string {
  const day = compactBusinessDay(now);
  const digits =
    String(randomInt(100_000)).padStart(5, '0') + String(randomInt(100_000)).padStart(5, '0');
  return `${prefix}${day}${digits}`;
}

/** An order number: the order type's prefix (`SI`, `RN`, `TR`, `RP`) on a readable number. */
export function generateOrderNo({
  type,
  now = new Date(),
}: {
  type: keyof typeof orderNumberPrefixes;
  now?: Date;
}): string {
  return generateReadableNo({ prefix: orderNumberPrefixes[type], now });
}

/** A top-up payment's number (`TP…`), shown to customers and operators beside order numbers. */
export function generatePaymentNo(now = new Date()): string {
  return generateReadableNo({ prefix: 'TP', now });
}
