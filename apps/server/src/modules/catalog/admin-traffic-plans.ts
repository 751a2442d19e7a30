// Traffic plans: GB for dynamic proxies, valid some days, at a price per package; shown or
// hidden, in a sort order. Packages copy what they were sold with (GB, expiry, the order's unit
// price), so a change never touches them. The API and `npm run admin -- set-traffic-plan` both
// come here; every write records its audit entry in its transaction.
import { fenToYuan, yuanToFen, type AdminTrafficPlan } from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import { catalogChanged, transactionAnnouncing } from '../../change-notifications.ts';
import { AppError } from '../../errors.ts';
import { diffChanges, recordAudit, type StaffActor } from '../audit/public.ts';
import { pricePerGbFen } from '../traffic/public.ts';
import { definedOnly } from './admin-changes.ts';
import {
  countLivePackages,
  deleteTrafficPlanRow,
  findTrafficPlanBySize,
  findTrafficPlanRow,
  insertTrafficPlan,
  isUniqueViolation,
  listTrafficPlanRows,
  lockTrafficPlan,
  updateTrafficPlanRow,
  type TrafficPlanFields,
  type TrafficPlanListRow,
  type TrafficPlanRow,
} from './admin-traffic-plan-repo.ts';

function toAdminTrafficPlan(row: TrafficPlanListRow): AdminTrafficPlan {
  return {
    id: row.id,
    gb: row.gb,
    validityDays: row.validityDays,
    price: fenToYuan(row.priceFen),
    pricePerGb: fenToYuan(pricePerGbFen(row)),
    active: row.active,
    sortOrder: row.sortOrder,
    livePackages: row.livePackages,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What an audit entry records of a traffic plan (the price in yuan). */
function auditedFields(plan: TrafficPlanFields): Record<string, unknown> {
  return {
    gb: plan.gb,
    validityDays: plan.validityDays,
    price: fenToYuan(plan.priceFen),
    active: plan.active,
    sortOrder: plan.sortOrder,
  };
}

async function requireTrafficPlan(db: Db, planId: string, now: Date): Promise<AdminTrafficPlan> {
  const row = await findTrafficPlanRow(db, planId, now);
  if (!row) throw new AppError('trafficPlanNotFound');
  return toAdminTrafficPlan(row);
}

/** Every plan, shown or hidden, in catalog order, with its packages live at `now`. */
export async function listTrafficPlans({
  db,
  now = new Date(),
}: {
  db: Db;
  now?: Date;
}): Promise<AdminTrafficPlan[]> {
  return (await listTrafficPlanRows(db, now)).map(toAdminTrafficPlan);
}

/** The API's yuan fields as stored (price in fen); fields not given stay undefined. */
export interface TrafficPlanInput {
  gb?: number;
  validityDays?: number;
  /** Yuan per package. */
  price?: number;
  active?: boolean;
  sortOrder?: number;
}

function toFields({ price, ...rest }: TrafficPlanInput): Partial<TrafficPlanFields> {
  return definedOnly({ ...rest, priceFen: price === undefined ? undefined : yuanToFen(price) });
}

async function insertAudited(tx: Tx, actor: StaffActor, plan: TrafficPlanFields) {
  const created = await insertTrafficPlan(tx, plan);
  if (!created) throw new AppError('trafficPlanTaken', { gb: plan.gb, days: plan.validityDays });
  await recordAudit({
    tx,
    actor,
    action: 'traffic_plan.create',
    target: { type: 'traffic_plan', id: created.id },
    changes: diffChanges(null, auditedFields(created)),
  });
  return created;
}

/** Adds a plan; one per size and validity (`trafficPlanTaken`). */
export async function createTrafficPlan({
  db,
  actor,
  plan,
  now = new Date(),
}: {
  db: Db;
  actor: StaffActor;
  plan: Required<TrafficPlanInput>;
  now?: Date;
}): Promise<AdminTrafficPlan> {
  return transactionAnnouncing(db, catalogChanged, async (tx) => {
    const created = await insertAudited(tx, actor, toFields(plan) as TrafficPlanFields);
    return requireTrafficPlan(tx, created.id, now);
  });
}

/** Changes the plan locked by the caller; audited as `traffic_plan.update` when anything changed. */
async function changeLockedPlan(
  tx: Tx,
  {
    actor,
    before,
    changes,
  }: { actor: StaffActor; before: TrafficPlanRow; changes: Partial<TrafficPlanFields> },
): Promise<void> {
  const after = { ...before, ...changes };
  const changed = diffChanges(auditedFields(before), auditedFields(after));
  if (Object.keys(changed).length === 0) return;
  try {
    // A savepoint: a size another plan took meanwhile fails on the unique index, not the request.
    await tx.transaction((savepoint) => updateTrafficPlanRow(savepoint, before.id, changes));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError('trafficPlanTaken', { gb: after.gb, days: after.validityDays });
  }
  await recordAudit({
    tx,
    actor,
    action: 'traffic_plan.update',
    target: { type: 'traffic_plan', id: before.id },
    changes: changed,
  });
}

/** Changes size, validity, price, visibility or sort order; bought packages keep theirs. */
export async function updateTrafficPlan({
  db,
  actor,
  planId,
  changes,
  now = new Date(),
}: {
  db: Db;
  actor: StaffActor;
  planId: string;
  changes: TrafficPlanInput;
  now?: Date;
}): Promise<AdminTrafficPlan> {
  return transactionAnnouncing(db, catalogChanged, async (tx) => {
    const before = await lockTrafficPlan(tx, planId, 'no key update');
    if (!before) throw new AppError('trafficPlanNotFound');
    const fields = toFields(changes);
    const gb = fields.gb ?? before.gb;
    const validityDays = fields.validityDays ?? before.validityDays;
    const sameSize = await findTrafficPlanBySize(tx, { gb, validityDays });
    if (sameSize && sameSize.id !== planId) {
      throw new AppError('trafficPlanTaken', { gb, days: validityDays });
    }
    await changeLockedPlan(tx, { actor, before, changes: fields });
    return requireTrafficPlan(tx, planId, now);
  });
}

/**
 * Deletes a plan no package in use was bought on (`trafficPlanInUse` otherwise: hide it). The
 * purchase reads the plan `FOR KEY SHARE`, so this lock waits for one in flight.
 */
export async function deleteTrafficPlan({
  db,
  actor,
  planId,
  now = new Date(),
}: {
  db: Db;
  actor: StaffActor;
  planId: string;
  now?: Date;
}): Promise<void> {
  await transactionAnnouncing(db, catalogChanged, async (tx) => {
    const plan = await lockTrafficPlan(tx, planId, 'update');
    if (!plan) throw new AppError('trafficPlanNotFound');
    const packages = await countLivePackages(tx, planId, now);
    if (packages > 0) throw new AppError('trafficPlanInUse', { packages });
    await deleteTrafficPlanRow(tx, planId);
    await recordAudit({
      tx,
      actor,
      action: 'traffic_plan.delete',
      target: { type: 'traffic_plan', id: planId },
      changes: Object.fromEntries(
        Object.entries(auditedFields(plan)).map(([field, value]) => [
          field,
          { before: value, after: null },
        ]),
      ),
    });
  });
}

export interface TrafficPlanBySize {
  gb: number;
  validityDays: number;
  priceFen: bigint;
  active: boolean;
}

/** Creates the plan of this size and validity, or sets its price and visibility. */
async function putTrafficPlan(
  tx: Tx,
  actor: StaffActor | null,
  { gb, validityDays, priceFen, active }: TrafficPlanBySize,
): Promise<{ plan: TrafficPlanRow; previous: TrafficPlanRow | undefined }> {
  const existing = await findTrafficPlanBySize(tx, { gb, validityDays });
  const previous = existing && (await lockTrafficPlan(tx, existing.id, 'no key update'));
  if (!previous) {
    const fields = { gb, validityDays, priceFen, active, sortOrder: 0 };
    const plan = actor
      ? await insertAudited(tx, actor, fields)
      : await insertTrafficPlan(tx, fields);
    if (!plan) throw new AppError('trafficPlanTaken', { gb, days: validityDays });
    return { plan, previous: undefined };
  }
  const changes = { priceFen, active };
  if (actor) await changeLockedPlan(tx, { actor, before: previous, changes });
  else await updateTrafficPlanRow(tx, previous.id, changes);
  return { plan: { ...previous, ...changes }, previous };
}

/**
 * `npm run admin -- set-traffic-plan`: creates the plan of `gb` GB for `validityDays` days, or
 * sets its price and whether it is on sale; audited like the same change through the API.
 */
export async function saveTrafficPlanBySize({
  db,
  actor,
  ...plan
}: TrafficPlanBySize & { db: Db; actor: StaffActor }) {
  return transactionAnnouncing(db, catalogChanged, (tx) => putTrafficPlan(tx, actor, plan));
}

/**
 * The demo traffic plans the server loads when there is none at its first start: sample data
 * the system puts in, not an operator's change, so no audit entry.
 */
export async function loadDemoTrafficPlan({ tx, ...plan }: TrafficPlanBySize & { tx: Tx }) {
  return putTrafficPlan(tx, null, plan);
}
