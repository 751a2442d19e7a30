import { and, asc, eq, inArray, ledgerEntries, lte, not, payments, type Db } from '@stratus/db';

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(
  db: Db,
  values: Pick<PaymentRow, 'userId' | 'channel' | 'amountFen' | 'expiresAt'>,
): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
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

/**
 * Reads the payment and locks its row until `tx` ends: concurrent completions, notifications and
 * the expiry job queue here, so each sees the state the previous one committed.
 */
export async function lockPayment(tx: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

export async function markPaymentPaid(
  tx: Db,
  { id, providerTradeNo, paidAt }: { id: string; providerTradeNo: string | null; paidAt: Date },
): Promise<PaymentRow> {
  const [row] = await tx
    .update(payments)
    .set({ status: 'paid', providerTradeNo, paidAt })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning();
  if (!row) throw new Error(`payment ${id} was not pending when marked paid`);
  return row;
}

export async function markPaymentClosed(
  tx: Db,
  { id, closedAt }: { id: string; closedAt: Date },
): Promise<PaymentRow> {
  const [row] = await tx
    .update(payments)
    .set({ status: 'closed', closedAt })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning();
  if (!row) throw new Error(`payment ${id} was not pending when closed`);
  return row;
}

/**
 * Claims up to `limit` pending payments due at `now`, locked for `tx`. SKIP LOCKED lets every
 * server run the expiry job at once: each takes rows no other one holds, none waits.
 */
export async function claimDuePayments(
  tx: Db,
  { now, limit, skipIds }: { now: Date; limit: number; skipIds: string[] },
): Promise<PaymentRow[]> {
  return tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        lte(payments.expiresAt, now),
        skipIds.length ? not(inArray(payments.id, skipIds)) : undefined,
      ),
    )
    .orderBy(asc(payments.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
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
