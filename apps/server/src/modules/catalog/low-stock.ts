// `stock.low`: staff who run the catalog are told when a plan on sale has fewer addresses ready to
// sell than its low-stock mark. Checked in the purchase's transaction, after its addresses are
// taken, and by the reminder job for every plan (addresses retired or quarantined by operators
// lower the stock without a purchase).
import { mailPlanName } from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import { queueStaffMail } from '../messages/public.ts';
import { listPlansBelowLowStockMark } from './admin-plan-repo.ts';

/** Where the mail sends its reader: the inventory, showing the plan's addresses. */
function inventoryPath(region: { country: string; cityCode: string }, lineType: string): string {
  const query = new URLSearchParams({ region: `${region.country}/${region.cityCode}`, lineType });
  return `/admin/ips?${query.toString()}`;
}

/**
 * Queues `stock.low` for every plan on sale below its mark (or only `planId`), in the caller's
 * transaction; answers how many messages it wrote.
 *
 * Once per fall below the mark, again after a restock: the key names the plan, its mark and the
 * size of its address pool (every address ever imported for its region and line type, which only
 * an import changes). Purchases, expiries and retirements move the stock but keep the key, so
 * the plan is not mailed again while it stays low, however often it is checked; an import makes
 * a new key, so the next fall below the mark (at once, if the import was too small) is mailed; a
 * new mark is a new reason too. Stock that comes back by itself (addresses cooling down after an
 * expiry) keeps the key: the operator was told and nothing was imported since.
 */
export async function mailLowStock(
  db: Tx | Db,
  { planId }: { planId?: string } = {},
): Promise<number> {
  let queued = 0;
  for (const { plan, region, stock, poolSize } of await listPlansBelowLowStockMark(db, {
    planId,
  })) {
    const written = await queueStaffMail(db, {
      permission: 'catalog.manage',
      template: 'stock.low',
      values: (locale) => ({
        plan: mailPlanName(region, plan.lineType, locale),
        available: stock,
        mark: plan.lowStockMark ?? 0,
      }),
      data: {
        planId: plan.id,
        regionId: region.id,
        lineType: plan.lineType,
        available: stock,
        mark: plan.lowStockMark,
        poolSize,
      },
      path: inventoryPath(region, plan.lineType),
      dedupeKey: `stock.low:${plan.id}:${plan.lowStockMark}:${poolSize}`,
    });
    queued += written.length;
  }
  return queued;
}
