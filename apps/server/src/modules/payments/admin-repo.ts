// The operator console's queries about payments: the list with its filters, one payment's notify
// history and ledger row, and the daily sums reconciliation compares.
import type { PaymentChannel, PaymentStatus } from '@stratus/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  ledgerEntries,
  lt,
  or,
  paymentNotifications,
  payments,
  sql,
  users,
  type Db,
  type SQL,
} from '@stratus/db';
import type { PaymentNotificationRow, PaymentRow } from './repo.ts';
import { businessDaySql } from '../../business-time.ts';

export interface AdminPaymentRow {
  payment: PaymentRow;
  customerEmail: string;
  notificationCount: number;
}

export interface AdminPaymentFilter {
  status?: PaymentStatus;
  channel?: PaymentChannel;
  /** Exactly this customer. */
  customerId?: string;
  /** Part of the customer's email, case-insensitive. */
  customerEmailContains?: string;
  /** The provider's trade number, or (a uuid) our payment id, exactly. */
  tradeNo?: string;
  tradeNoIsPaymentId?: boolean;
  /** Created at or after. */
  createdFrom?: Date;
  /** Created before. */
  createdBefore?: Date;
}

/** `%` and `_` in a keyword match themselves, not any text. */
function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function adminPaymentConditions(filter: AdminPaymentFilter): SQL | undefined {
  const { tradeNo } = filter;
  return and(
    filter.status ? eq(payments.status, filter.status) : undefined,
    filter.channel ? eq(payments.channel, filter.channel) : undefined,
    filter.customerId ? eq(payments.userId, filter.customerId) : undefined,
    filter.customerEmailContains
      ? ilike(users.email, containsPattern(filter.customerEmailContains))
      : undefined,
    tradeNo
      ? or(
          eq(payments.providerTradeNo, tradeNo),
          eq(payments.paymentNo, tradeNo.toUpperCase()),
          filter.tradeNoIsPaymentId ? eq(payments.id, tradeNo) : undefined,
        )
      : undefined,
    filter.createdFrom ? gte(payments.createdAt, filter.createdFrom) : undefined,
    filter.createdBefore ? lt(payments.createdAt, filter.createdBefore) : undefined,
  );
}

const adminPaymentColumns = {
  payment: payments,
  customerEmail: users.email,
  notificationCount:
    sql<number>`(select count(*)::int from ${paymentNotifications} where ${paymentNotifications.paymentId} = ${payments.id})`.mapWith(
      Number,
    ),
};

function selectAdminPayments(db: Db) {
  return db
    .select(adminPaymentColumns)
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId));
}

/** One page of payments matching `filter`, newest first, and how many match in all. */
export async function listAdminPayments(
  db: Db,
  filter: AdminPaymentFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ rows: AdminPaymentRow[]; total: number }> {
  const where = adminPaymentConditions(filter);
  const [rows, [counted]] = await Promise.all([
    selectAdminPayments(db)
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findAdminPayment(db: Db, id: string): Promise<AdminPaymentRow | undefined> {
  const [row] = await selectAdminPayments(db).where(eq(payments.id, id));
  return row;
}

/** Every notification naming the payment, oldest first. */
export async function listPaymentNotifications(
  db: Db,
  paymentId: string,
): Promise<PaymentNotificationRow[]> {
  return db
    .select()
    .from(paymentNotifications)
    .where(eq(paymentNotifications.paymentId, paymentId))
    .orderBy(asc(paymentNotifications.receivedAt), asc(paymentNotifications.id));
}

/** The ledger top-up a payment produced, once credited. */
export async function findTopUpLedgerEntry(
  db: Db,
  payment: Pick<PaymentRow, 'id' | 'userId'>,
): Promise<typeof ledgerEntries.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, payment.userId),
        eq(ledgerEntries.type, 'topup'),
        eq(ledgerEntries.reference, payment.id),
      ),
    )
    .limit(1);
  return row;
}

/** Another payment of the channel already recorded under the provider's trade number. */
export async function findPaymentByTradeNo(
  db: Db,
  { channel, tradeNo }: { channel: PaymentChannel; tradeNo: string },
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.channel, channel), eq(payments.providerTradeNo, tradeNo)));
  return row;
}

const toBigInt = (value: unknown): bigint => BigInt(value as string | number | bigint);

export interface DailyPaidSum {
  day: string;
  channel: PaymentChannel;
  count: number;
  sumFen: bigint;
}

/** Paid payments per business day (by `paid_at`) and channel, within [from, before). */
export async function sumPaidPaymentsByDay(
  db: Db,
  { from, before }: { from: Date; before: Date },
): Promise<DailyPaidSum[]> {
  const day = businessDaySql(payments.paidAt);
  return db
    .select({
      day,
      channel: payments.channel,
      count: sql<number>`count(*)::int`.mapWith(Number),
      sumFen: sql<bigint>`sum(${payments.amountFen})::text`.mapWith(toBigInt),
    })
    .from(payments)
    .where(
      and(eq(payments.status, 'paid'), gte(payments.paidAt, from), lt(payments.paidAt, before)),
    )
    .groupBy(day, payments.channel);
}

export interface DailyTopUpSum {
  day: string;
  /** The ledger note (a top-up's note names its channel). */
  note: string;
  /** The channel of the payment the row references, if it references one. */
  paymentChannel: PaymentChannel | null;
  count: number;
  sumFen: bigint;
}

/** Ledger `topup` rows per business day (by `created_at`), note and referenced payment's channel. */
export async function sumTopUpLedgerByDay(
  db: Db,
  { from, before }: { from: Date; before: Date },
): Promise<DailyTopUpSum[]> {
  const day = businessDaySql(ledgerEntries.createdAt);
  return db
    .select({
      day,
      note: ledgerEntries.note,
      paymentChannel: payments.channel,
      count: sql<number>`count(*)::int`.mapWith(Number),
      sumFen: sql<bigint>`sum(${ledgerEntries.amountFen})::text`.mapWith(toBigInt),
    })
    .from(ledgerEntries)
    .leftJoin(payments, sql`${payments.id}::text = ${ledgerEntries.reference}`)
    .where(
      and(
        eq(ledgerEntries.type, 'topup'),
        gte(ledgerEntries.createdAt, from),
        lt(ledgerEntries.createdAt, before),
      ),
    )
    .groupBy(day, ledgerEntries.note, payments.channel);
}
