import {
  CURRENCY,
  fenToYuan,
  type LedgerEntry,
  type LedgerPurchase,
  type LedgerEntryType,
  type Locale,
  type Page,
  type Wallet,
} from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import { compactBusinessDay, businessTimeBounds } from '../../business-time.ts';
import { AppError } from '../../errors.ts';
import { formatLedgerCsv } from './csv.ts';
import {
  countLedgerEntries,
  findBalanceFen,
  listLedgerEntries,
  moveBalance,
  type LedgerEntryRow,
  type LedgerFilter,
} from './repo.ts';

// The wallet queries other modules may use: a new account's wallet, a purchase's balance check,
// the debit a purchase of one IP runs in the statement of its order (orders/repo.ts).

/** The caller's wallet, its balance converted from fen to yuan at this edge only. */
export async function getWallet({ db, userId }: { db: Db; userId: string }): Promise<Wallet> {
  const balanceFen = await findBalanceFen(db, userId);
  if (balanceFen === undefined) throw new AppError('resourceNotFound');
  return { balance: fenToYuan(balanceFen), currency: CURRENCY };
}

/**
 * THE one way to change a balance: top-up credits, purchases, renewals, refunds and operator
 * adjustments all call this inside their own transaction `tx`, so the ledger row commits or
 * rolls back together with whatever caused it (a payment marked paid, an order created…).
 *
 * The balance moves in one atomic UPDATE guarded by `balance + amount >= 0` (no read-then-write
 * race between concurrent debits), and the ledger row records the balance that UPDATE returned,
 * so for every wallet the sum of its ledger equals its balance. A debit the balance cannot cover
 * throws `insufficientBalance` and changes nothing.
 */
export async function changeBalance({
  tx,
  userId,
  amountFen,
  type,
  reference = null,
  note = '',
}: {
  tx: Tx;
  userId: string;
  /** Signed integer fen: positive credits, negative debits; never zero. */
  amountFen: bigint;
  type: LedgerEntryType;
  /** What caused it: a payment id, an order number… */
  reference?: string | null;
  note?: string;
}): Promise<LedgerEntryRow> {
  if (amountFen === 0n) throw new Error('changeBalance needs a non-zero amount');
  const entry = await moveBalance(tx, { userId, type, amountFen, reference, note });
  if (!entry) throw new AppError('insufficientBalance');
  return entry;
}

export function toLedgerEntry(
  row: LedgerEntryRow & { purchase?: LedgerPurchase | null },
): LedgerEntry {
  return {
    id: row.id,
    type: row.type,
    amount: fenToYuan(row.amountFen),
    balanceAfter: fenToYuan(row.balanceAfterFen),
    reference: row.reference,
    note: row.note,
    purchase: row.purchase ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface LedgerQuery {
  type?: LedgerEntryType;
  /** `YYYY-MM-DD` (from the start of that day in +08:00) or an ISO time, inclusive. */
  from?: string;
  /** `YYYY-MM-DD` (to the end of that day in +08:00) or an ISO time, inclusive. */
  to?: string;
}

/** A bare `YYYY-MM-DD` bound means that whole day in China Standard Time. */
function toLedgerFilter(userId: string, { type, from, to }: LedgerQuery): LedgerFilter {
  return { userId, type, ...businessTimeBounds({ from, to }) };
}

export async function listTransactions({
  db,
  userId,
  query,
  page,
  pageSize,
}: {
  db: Db;
  userId: string;
  query: LedgerQuery;
  page: number;
  pageSize: number;
}): Promise<Page<LedgerEntry>> {
  const filter = toLedgerFilter(userId, query);
  const [rows, total] = await Promise.all([
    listLedgerEntries(db, filter, { limit: pageSize, offset: (page - 1) * pageSize }),
    countLedgerEntries(db, filter),
  ]);
  return { items: rows.map(toLedgerEntry), total, page, pageSize };
}

/** The most rows one CSV export carries; narrower date ranges get the rest. */
export const CSV_EXPORT_MAX_ROWS = 10_000;

/** Every matching ledger row (up to the cap), newest first, as a CSV file in the caller's language. */
export async function exportTransactionsCsv({
  db,
  userId,
  query,
  locale,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  query: LedgerQuery;
  locale: Locale;
  now?: Date;
}): Promise<{ fileName: string; body: string }> {
  const rows = await listLedgerEntries(db, toLedgerFilter(userId, query), {
    limit: CSV_EXPORT_MAX_ROWS,
    offset: 0,
  });
  const day = compactBusinessDay(now);
  return {
    fileName: `transactions-${day}.csv`,
    body: formatLedgerCsv(rows, locale, now),
  };
}
