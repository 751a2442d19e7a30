// One duration's price of a region's plan, by country, city and line type: what
// `npm run admin -- set-price` sets (and the demo catalog loads), creating the plan when missing.
import { proxyProtocols, type LineType, type ProxyProtocol } from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import { catalogChanged, transactionAnnouncing } from '../../change-notifications.ts';
import { recordAudit, type StaffActor } from '../audit/public.ts';
import {
  findPlanByRegionLine,
  insertPlan,
  listPricesOf,
  lockPlan,
  upsertPlanPrice,
  type PlanRow,
} from './admin-plan-repo.ts';
import {
  createdPlanFields,
  inProtocolOrder,
  priceChanges,
  type FenPrice,
} from './admin-plan-fields.ts';
import { findRegionByCodes, type RegionRow } from './admin-region-repo.ts';

export interface PlanPriceSpec {
  country: string;
  city: string;
  lineType: LineType;
  durationDays: number;
  priceFen: bigint;
  /** Only used when the plan is created (shown, sort order 0). */
  protocols?: ProxyProtocol[];
}

export type SetPriceOutcome =
  | { ok: true; planCreated: boolean; previousPriceFen: bigint | undefined }
  | { ok: false; reason: 'regionNotFound' };

interface PutPriceResult {
  region: RegionRow;
  plan: PlanRow;
  planCreated: boolean;
  before: FenPrice[];
  after: FenPrice[];
}

async function putPrice(
  tx: Tx,
  {
    country,
    city,
    lineType,
    durationDays,
    priceFen,
    protocols = [...proxyProtocols],
  }: PlanPriceSpec,
): Promise<PutPriceResult | undefined> {
  const region = await findRegionByCodes(tx, { country, cityCode: city });
  if (!region) return undefined;
  const inserted = await insertPlan(tx, {
    regionId: region.id,
    lineType,
    protocols: inProtocolOrder(protocols),
    active: true,
    sortOrder: 0,
  });
  const existing = inserted ?? (await findPlanByRegionLine(tx, { regionId: region.id, lineType }));
  const plan = existing && (await lockPlan(tx, existing.id, 'no key update'));
  if (!plan) throw new Error('plan vanished while setting its price');
  const before = (await listPricesOf(tx, [plan.id])).map(({ durationDays, priceFen }) => ({
    durationDays,
    priceFen,
  }));
  await upsertPlanPrice(tx, { planId: plan.id, durationDays, priceFen });
  const after = [
    ...before.filter((price) => price.durationDays !== durationDays),
    { durationDays, priceFen },
  ].sort((a, b) => a.durationDays - b.durationDays);
  return { region, plan, planCreated: inserted !== undefined, before, after };
}

function outcomeOf(result: PutPriceResult | undefined, durationDays: number): SetPriceOutcome {
  if (!result) return { ok: false, reason: 'regionNotFound' };
  return {
    ok: true,
    planCreated: result.planCreated,
    previousPriceFen: result.before.find((price) => price.durationDays === durationDays)?.priceFen,
  };
}

/**
 * Sets one duration's price of the region's plan for the line type, creating the plan (shown,
 * with `protocols`) when missing; the region must exist. Audited as `plan.create` for a new
 * plan, else `plan.price` (nothing recorded when the price is already that).
 */
export async function setPlanPrice({
  db,
  actor,
  ...spec
}: PlanPriceSpec & { db: Db; actor: StaffActor }): Promise<SetPriceOutcome> {
  return transactionAnnouncing(db, catalogChanged, async (tx) => {
    const result = await putPrice(tx, spec);
    if (result) {
      const { region, plan, planCreated, before, after } = result;
      const changes = planCreated
        ? createdPlanFields(plan, region, after)
        : priceChanges(before, after);
      if (Object.keys(changes).length > 0) {
        await recordAudit({
          tx,
          actor,
          action: planCreated ? 'plan.create' : 'plan.price',
          target: { type: 'static_ip_plan', id: plan.id },
          changes,
        });
      }
    }
    return outcomeOf(result, spec.durationDays);
  });
}

/**
 * `setPlanPrice` for the demo catalog that the server loads into an empty database at its first
 * start: sample data the system itself puts in, not an operator's change, so no audit entry.
 * Operators and the CLI use `setPlanPrice`.
 */
export async function loadDemoPlanPrice({
  tx,
  ...spec
}: PlanPriceSpec & { tx: Tx }): Promise<SetPriceOutcome> {
  return outcomeOf(await putPrice(tx, spec), spec.durationDays);
}
