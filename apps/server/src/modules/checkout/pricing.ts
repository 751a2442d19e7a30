// Order arithmetic in integer fen, and order numbers. Pure, so boundaries are unit-tested.
import { randomInt } from 'node:crypto';
import { isConstraintViolation } from '@stratus/db';
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
 * phone; a unique index refuses a clash, and the operation that drew it draws again
 * (`retryOnNumberClash`).
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

/** The unique indexes of the readable numbers. */
export const ORDER_NUMBER_INDEX = 'orders_order_no_key';
export const PAYMENT_NUMBER_INDEX = 'payments_payment_no_key';

/** How often an operation draws a number in all before a clash is no longer chance. */
const NUMBER_ATTEMPTS = 3;

/**
 * Runs `attempt`, which draws a fresh readable number each time it runs, again when the unique
 * index of that number (`index`) refused it. Two numbers of one day clash about once in 10^10
 * pairs: among the ~60 000 orders of a busy day, about one day in five has a clash, which
 * answered 500 before. `attempt` must leave nothing behind when it throws (its own transaction,
 * or a savepoint in the caller's).
 */
export async function retryOnNumberClash<T>(index: string, attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      const clash = isConstraintViolation(error, { code: '23505', constraint: index });
      if (!clash || tries >= NUMBER_ATTEMPTS) throw error;
    }
  }
}
