// Queries behind the operator's traffic plans.
import { and, asc, eq, sql, trafficPackages, trafficPlans, type Db, type Tx } from '@stratus/db';

export type TrafficPlanRow = typeof trafficPlans.$inferSelect;
export type TrafficPlanFields = Pick<
  TrafficPlanRow,
  'gb' | 'validityDays' | 'priceFen' | 'active' | 'sortOrder'
>;

export interface TrafficPlanListRow extends TrafficPlanRow {
  livePackages: number;
}

/** Per plan, its packages still usable at `now`: active and not past their expiry. */
function selectPlans(db: Db, now: Date) {
  const liveCounts = db
    .select({
      planId: trafficPackages.planId,
      livePackages: sql<number>`count(*)::int`.as('live_packages'),
    })
    .from(trafficPackages)
    .where(
      and(
        eq(trafficPackages.status, 'active'),
        sql`${trafficPackages.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(trafficPackages.planId)
    .as('live_counts');
  return db
    .select({
      plan: trafficPlans,
      livePackages: sql<number>`coalesce(${liveCounts.livePackages}, 0)`,
    })
    .from(trafficPlans)
    .leftJoin(liveCounts, eq(liveCounts.planId, trafficPlans.id));
}

function toListRow(row: { plan: TrafficPlanRow; livePackages: number }): TrafficPlanListRow {
  return { ...row.plan, livePackages: Number(row.livePackages) };
}

/** Every plan in catalog order: sort order, then size and validity. */
export async function listTrafficPlanRows(db: Db, now: Date): Promise<TrafficPlanListRow[]> {
  const rows = await selectPlans(db, now).orderBy(
    asc(trafficPlans.sortOrder),
    asc(trafficPlans.gb),
    asc(trafficPlans.validityDays),
  );
  return rows.map(toListRow);
}

export async function findTrafficPlanRow(
  db: Db,
  planId: string,
  now: Date,
): Promise<TrafficPlanListRow | undefined> {
  const [row] = await selectPlans(db, now).where(eq(trafficPlans.id, planId));
  return row && toListRow(row);
}

export async function findTrafficPlanBySize(
  db: Db,
  { gb, validityDays }: { gb: number; validityDays: number },
): Promise<TrafficPlanRow | undefined> {
  const [row] = await db
    .select()
    .from(trafficPlans)
    .where(and(eq(trafficPlans.gb, gb), eq(trafficPlans.validityDays, validityDays)));
  return row;
}

/** Inserts the plan unless its size and validity are taken; undefined when they are. */
export async function insertTrafficPlan(
  tx: Tx,
  plan: TrafficPlanFields,
): Promise<TrafficPlanRow | undefined> {
  const [row] = await tx
    .insert(trafficPlans)
    .values(plan)
    .onConflictDoNothing({ target: [trafficPlans.gb, trafficPlans.validityDays] })
    .returning();
  return row;
}

/**
 * Locks the plan for a change. Purchases read it `FOR KEY SHARE`: a deletion (`update`) waits
 * for one in flight, a change of price or visibility (`no key update`) does not.
 */
export async function lockTrafficPlan(
  tx: Tx,
  planId: string,
  strength: 'update' | 'no key update',
): Promise<TrafficPlanRow | undefined> {
  const [row] = await tx
    .select()
    .from(trafficPlans)
    .where(eq(trafficPlans.id, planId))
    .for(strength);
  return row;
}

/** Changes the plan; a size and validity another plan has fails on the unique index. */
export async function updateTrafficPlanRow(
  tx: Tx,
  planId: string,
  changes: Partial<TrafficPlanFields>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await tx.update(trafficPlans).set(changes).where(eq(trafficPlans.id, planId));
}

export async function countLivePackages(db: Db, planId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ live: sql<number>`count(*)::int` })
    .from(trafficPackages)
    .where(
      and(
        eq(trafficPackages.planId, planId),
        eq(trafficPackages.status, 'active'),
        sql`${trafficPackages.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    );
  return Number(row?.live ?? 0);
}

/** Deletes the plan; packages bought on it keep their bytes and expiry (their plan goes null). */
export async function deleteTrafficPlanRow(tx: Tx, planId: string): Promise<void> {
  await tx.delete(trafficPlans).where(eq(trafficPlans.id, planId));
}

/** Whether a database error is a unique-index violation (SQLSTATE 23505), however wrapped. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
