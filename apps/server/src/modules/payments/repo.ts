import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  ledgerEntries,
  lte,
  or,
  paymentNotifications,
  payments,
  type Db,
  type Tx,
} from '@stratus/db';
import { generatePaymentNo, PAYMENT_NUMBER_INDEX, retryOnNumberClash } from '../checkout/public.ts';

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(
  db: Db,
  values: Pick<PaymentRow, 'userId' | 'channel' | 'amountFen' | 'expiresAt'>,
): Promise<PaymentRow> {
  // A number taken meanwhile draws another; the savepoint (or transaction) keeps a caller's
  // transaction usable after the refused insert.
  const [row] = await retryOnNumberClash(PAYMENT_NUMBER_INDEX, () =>
    db.transaction((tx) =>
      tx
        .insert(payments)
        .values({ ...values, paymentNo: generatePaymentNo() })
        .returning(),
    ),
  );
  if (!row) throw new Error('payment insert returned no row');
  return row;
}

export async function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** The payment only if it belongs to `userId`: a customer never sees another's payments. */
export async function findPaymentOfUser(
  db: Db,
  { id, userId }: { id: string; userId: string },
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.userId, userId)));
  return row;
}

/** The user's newest payment still open to pay: pending and not past its expiry. */
export async function findOpenPaymentOfUser(
  db: Db,
  { userId, now }: { userId: string; now: Date },
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.userId, userId), eq(payments.status, 'pending'), gt(payments.expiresAt, now)),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row;
}

/** A user's payments (of one status, if given), newest first. */
export async function listPaymentsOfUser(
  db: Db,
  {
    userId,
    status,
    limit,
    offset,
  }: { userId: string; status?: PaymentRow['status']; limit: number; offset: number },
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), status ? eq(payments.status, status) : undefined))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit)
    .offset(offset);
}

export async function countPaymentsOfUser(
  db: Db,
  { userId, status }: { userId: string; status?: PaymentRow['status'] },
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(payments)
    .where(and(eq(payments.userId, userId), status ? eq(payments.status, status) : undefined));
  return row?.total ?? 0;
}

/**
 * Reads the payment and locks its row until `tx` ends: concurrent completions, notifications and
 * the expiry job queue here, so each sees the state the previous one committed.
 */
export async function lockPayment(tx: Tx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

/**
 * Marks the payment paid, ending any expiry job's lease on it. `from: 'closed'` is for a payment
 * the provider verifiably took money for after we had closed it (see creditPayment): its
 * `closed_at` stays, the record that it was.
 */
export async function markPaymentPaid(
  tx: Tx,
  {
    id,
    providerTradeNo,
    paidAt,
    from,
  }: { id: string; providerTradeNo: string | null; paidAt: Date; from: 'pending' | 'closed' },
): Promise<PaymentRow> {
  const [row] = await tx
    .update(payments)
    .set({ status: 'paid', providerTradeNo, paidAt, providerCheckLeasedUntil: null })
    .where(and(eq(payments.id, id), eq(payments.status, from)))
    .returning();
  if (!row) throw new Error(`payment ${id} was not ${from} when marked paid`);
  return row;
}

/** Keeps the QR code's text the provider answered for a payment it opened (WeChat Pay). */
export async function saveProviderCodeUrl(
  db: Db,
  { id, codeUrl }: { id: string; codeUrl: string },
): Promise<PaymentRow> {
  const [row] = await db
    .update(payments)
    .set({ providerCodeUrl: codeUrl })
    .where(eq(payments.id, id))
    .returning();
  if (!row) throw new Error(`payment ${id} vanished before its code URL was kept`);
  return row;
}

/** Closes a pending payment, ending any expiry job's lease on it. */
export async function markPaymentClosed(
  tx: Tx,
  { id, closedAt }: { id: string; closedAt: Date },
): Promise<PaymentRow> {
  const [row] = await tx
    .update(payments)
    .set({ status: 'closed', closedAt, providerCheckLeasedUntil: null })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning();
  if (!row) throw new Error(`payment ${id} was not pending when closed`);
  return row;
}

/**
 * Claims up to `limit` pending payments due at `now` for the expiry job of one server, leasing
 * each for `leaseMs` (`provider_check_leased_until`). The rows are picked with `FOR UPDATE SKIP
 * LOCKED`, so servers claiming at once take disjoint rows and none waits; the lease, committed
 * with the claim, then keeps other servers away while the job asks the provider with no
 * transaction open. A lease only saves duplicate provider calls; what keeps the payment right is
 * that its settlement locks the row and re-reads its status. A lease left by a server that died
 * (or kept after a failed call, as the wait before a retry) lapses at its end.
 */
export async function claimDuePayments(
  tx: Tx,
  { now, limit, leaseMs }: { now: Date; limit: number; leaseMs: number },
): Promise<PaymentRow[]> {
  const due = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        lte(payments.expiresAt, now),
        or(isNull(payments.providerCheckLeasedUntil), lte(payments.providerCheckLeasedUntil, now)),
      ),
    )
    .orderBy(asc(payments.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  return tx
    .update(payments)
    .set({ providerCheckLeasedUntil: new Date(now.getTime() + leaseMs) })
    .where(
      inArray(
        payments.id,
        due.map((row) => row.id),
      ),
    )
    .returning();
}

/** The wallet balance right after this payment was credited (its ledger row), if it was. */
export async function findCreditedBalance(
  db: Db,
  payment: Pick<PaymentRow, 'id' | 'userId'>,
): Promise<bigint | undefined> {
  const [row] = await db
    .select({ balanceAfterFen: ledgerEntries.balanceAfterFen })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, payment.userId),
        eq(ledgerEntries.type, 'topup'),
        eq(ledgerEntries.reference, payment.id),
      ),
    )
    .limit(1);
  return row?.balanceAfterFen;
}

export type PaymentNotificationRow = typeof paymentNotifications.$inferSelect;

/** Appends one notification to the notify history (its id and time are the database's). */
export async function insertPaymentNotification(
  db: Db,
  values: Omit<PaymentNotificationRow, 'id' | 'receivedAt'>,
): Promise<PaymentNotificationRow> {
  const [row] = await db.insert(paymentNotifications).values(values).returning();
  return row!;
}

/** The payment of that readable number (`TP…`) only if it belongs to `userId`. */
export async function findPaymentOfUserByNo(
  db: Db,
  { paymentNo, userId }: { paymentNo: string; userId: string },
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.paymentNo, paymentNo), eq(payments.userId, userId)));
  return row;
}
