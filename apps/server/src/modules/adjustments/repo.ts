import {
  and,
  balanceAdjustments,
  count,
  eq,
  ledgerEntries,
  sql,
  users,
  type Db,
  type SQL,
  type Tx,
} from '@stratus/db';

export type AdjustmentRow = typeof balanceAdjustments.$inferSelect;
export type AdjustmentStatusKind = AdjustmentRow['status'];

export async function insertAdjustment(
  tx: Tx,
  values: typeof balanceAdjustments.$inferInsert,
): Promise<AdjustmentRow> {
  const [row] = await tx.insert(balanceAdjustments).values(values).returning();
  if (!row) throw new Error('adjustment insert returned no row');
  return row;
}

/**
 * Reads the adjustment and locks its row until `tx` ends: two approvals (or an approval and a
 * rejection) of one request queue here, and the second sees what the first decided.
 */
export async function lockAdjustment(tx: Tx, id: string): Promise<AdjustmentRow | undefined> {
  const [row] = await tx
    .select()
    .from(balanceAdjustments)
    .where(eq(balanceAdjustments.id, id))
    .for('update');
  return row;
}

export async function decideAdjustment(
  tx: Tx,
  {
    id,
    status,
    decidedBy,
    ledgerEntryId = null,
  }: {
    id: string;
    status: 'applied' | 'rejected';
    decidedBy: string | null;
    ledgerEntryId?: string | null;
  },
): Promise<void> {
  await tx
    .update(balanceAdjustments)
    .set({ status, decidedBy, decidedAt: sql`now()`, ledgerEntryId })
    .where(eq(balanceAdjustments.id, id));
}

export interface AdjustmentFilter {
  id?: string;
  status?: AdjustmentStatusKind;
  customerId?: string;
  /** Part of the customer's email, matched case-insensitively and literally. */
  customerEmailPart?: string;
}

/** An adjustment with the emails of the people involved and the balance it left. */
export interface AdjustmentView extends AdjustmentRow {
  customerEmail: string;
  requestedByEmail: string | null;
  decidedByEmail: string | null;
  balanceAfterFen: bigint | null;
}

/** The email of the user in a column of the adjustment (null when there is none). */
function emailOf(
  userId:
    | typeof balanceAdjustments.userId
    | typeof balanceAdjustments.requestedBy
    | typeof balanceAdjustments.decidedBy,
) {
  return sql<string | null>`(select ${users.email} from ${users} where ${users.id} = ${userId})`;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function adjustmentConditions(filter: AdjustmentFilter): SQL | undefined {
  return and(
    filter.id ? eq(balanceAdjustments.id, filter.id) : undefined,
    filter.status ? eq(balanceAdjustments.status, filter.status) : undefined,
    filter.customerId ? eq(balanceAdjustments.userId, filter.customerId) : undefined,
    filter.customerEmailPart
      ? sql`${emailOf(balanceAdjustments.userId)} ilike ${likePattern(filter.customerEmailPart)}`
      : undefined,
  );
}

/** Matching adjustments: pending ones first, oldest first (a queue), then the rest newest first. */
export async function listAdjustmentViews(
  db: Db,
  filter: AdjustmentFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<AdjustmentView[]> {
  const pending = sql`${balanceAdjustments.status} = 'pending'`;
  const rows = await db
    .select({
      row: balanceAdjustments,
      customerEmail: emailOf(balanceAdjustments.userId),
      requestedByEmail: emailOf(balanceAdjustments.requestedBy),
      decidedByEmail: emailOf(balanceAdjustments.decidedBy),
      balanceAfterFen: sql<string | null>`${ledgerEntries.balanceAfterFen}::text`,
    })
    .from(balanceAdjustments)
    .leftJoin(ledgerEntries, eq(ledgerEntries.id, balanceAdjustments.ledgerEntryId))
    .where(adjustmentConditions(filter))
    .orderBy(
      sql`(${pending}) desc`,
      sql`case when ${pending} then ${balanceAdjustments.createdAt} end asc`,
      sql`${balanceAdjustments.createdAt} desc`,
      sql`${balanceAdjustments.id} desc`,
    )
    .limit(limit)
    .offset(offset);
  return rows.map(({ row, customerEmail, requestedByEmail, decidedByEmail, balanceAfterFen }) => ({
    ...row,
    customerEmail: customerEmail ?? '',
    requestedByEmail,
    decidedByEmail,
    balanceAfterFen: balanceAfterFen === null ? null : BigInt(balanceAfterFen),
  }));
}

export async function countAdjustments(db: Db, filter: AdjustmentFilter): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(balanceAdjustments)
    .where(adjustmentConditions(filter));
  return row?.total ?? 0;
}
