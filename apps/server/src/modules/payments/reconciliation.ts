// Daily reconciliation: per China day and channel, the payments paid against the ledger top-ups
// written. Every credit writes both in one transaction, so the two sides agree unless something
// wrote one without the other (a hand-made ledger row, a payment edited in SQL): those days are
// what finance looks at.
import {
  fenToYuan,
  parseTopUpNote,
  paymentChannels,
  RECONCILIATION_DEFAULT_DAYS,
  RECONCILIATION_MAX_DAYS,
  type PaymentChannel,
  type Reconciliation,
  type ReconciliationRow,
} from '@stratus/contract';
import type { Db } from '@stratus/db';
import { businessDayOf, startOfBusinessDay } from '../../business-time.ts';
import { AppError } from '../../errors.ts';
import { sumPaidPaymentsByDay, sumTopUpLedgerByDay } from './admin-repo.ts';

const DAY_MS = 86_400_000;

/** `day` (`YYYY-MM-DD`) moved by `days` calendar days. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function daysBetween(first: string, last: string): number {
  return (Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS;
}

export interface Sums {
  paidCount: number;
  paidFen: bigint;
  ledgerCount: number;
  ledgerFen: bigint;
}

function toFigures({ paidCount, paidFen, ledgerCount, ledgerFen }: Sums) {
  return {
    paidCount,
    paidAmount: fenToYuan(paidFen),
    ledgerCount,
    ledgerAmount: fenToYuan(ledgerFen),
    difference: fenToYuan(paidFen - ledgerFen),
    matched: paidCount === ledgerCount && paidFen === ledgerFen,
  };
}

const channelOrder = (channel: PaymentChannel | null) =>
  channel === null ? paymentChannels.length : paymentChannels.indexOf(channel);

/** One day and channel of a reconciliation, in fen as summed. */
export interface ReconciledCell extends Sums {
  day: string;
  channel: PaymentChannel | null;
  matched: boolean;
}

/**
 * The reconciliation of `firstDay`..`lastDay` (business days, both included), in fen: one cell
 * per day and channel with a payment or a ledger top-up, oldest first. The range is the caller's
 * to check.
 */
export async function reconcileDays(
  db: Db,
  { firstDay, lastDay }: { firstDay: string; lastDay: string },
): Promise<ReconciledCell[]> {
  const range = {
    from: startOfBusinessDay(firstDay),
    before: startOfBusinessDay(addDays(lastDay, 1)),
  };
  const [paid, ledger] = await Promise.all([
    sumPaidPaymentsByDay(db, range),
    sumTopUpLedgerByDay(db, range),
  ]);

  const cells = new Map<string, Sums & { day: string; channel: PaymentChannel | null }>();
  const cellOf = (day: string, channel: PaymentChannel | null) => {
    const key = `${day}|${channel ?? ''}`;
    let cell = cells.get(key);
    if (!cell) {
      cell = { day, channel, paidCount: 0, paidFen: 0n, ledgerCount: 0, ledgerFen: 0n };
      cells.set(key, cell);
    }
    return cell;
  };
  for (const sum of paid) {
    const cell = cellOf(sum.day, sum.channel);
    cell.paidCount += sum.count;
    cell.paidFen += sum.sumFen;
  }
  for (const sum of ledger) {
    // The note names the channel; a row whose note does not counts under its payment's channel.
    const channel = parseTopUpNote(sum.note)?.channel ?? sum.paymentChannel;
    const cell = cellOf(sum.day, channel);
    cell.ledgerCount += sum.count;
    cell.ledgerFen += sum.sumFen;
  }

  return [...cells.values()]
    .sort((a, b) => a.day.localeCompare(b.day) || channelOrder(a.channel) - channelOrder(b.channel))
    .map((cell) => ({ ...cell, matched: toFigures(cell).matched }));
}

/**
 * The reconciliation of `from`..`to` (China days, both included; by default the last 30 days up
 * to today), at most 92 days. Only days and channels with a payment or a ledger top-up have a row.
 */
export async function getReconciliation({
  db,
  from,
  to,
  now = new Date(),
}: {
  db: Db;
  from?: string;
  to?: string;
  now?: Date;
}): Promise<Reconciliation> {
  const lastDay = to ?? businessDayOf(now);
  const firstDay = from ?? addDays(lastDay, 1 - RECONCILIATION_DEFAULT_DAYS);
  if (firstDay > lastDay) {
    throw new AppError('reconciliationRangeReversed', { from: firstDay, to: lastDay });
  }
  if (daysBetween(firstDay, lastDay) + 1 > RECONCILIATION_MAX_DAYS) {
    throw new AppError('reconciliationRangeTooLong', { maxDays: RECONCILIATION_MAX_DAYS });
  }
  const cells = await reconcileDays(db, { firstDay, lastDay });
  const totals: Sums = { paidCount: 0, paidFen: 0n, ledgerCount: 0, ledgerFen: 0n };
  const rows: ReconciliationRow[] = cells.map((cell) => {
    totals.paidCount += cell.paidCount;
    totals.paidFen += cell.paidFen;
    totals.ledgerCount += cell.ledgerCount;
    totals.ledgerFen += cell.ledgerFen;
    return { day: cell.day, channel: cell.channel, ...toFigures(cell) };
  });
  return { from: firstDay, to: lastDay, rows, totals: toFigures(totals) };
}
