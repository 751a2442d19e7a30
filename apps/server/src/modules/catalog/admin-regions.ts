// Regions of the catalog: a country's city with its names in both languages. Their codes are
// fixed once made (addresses, dynamic-proxy usernames and orders name them); names and the
// catalog order change. Every write records its audit entry in its transaction.
import type { AdminRegion } from '@stratus/contract';
import type { Db } from '@stratus/db';
import { catalogChanged, transactionAnnouncing } from '../../change-notifications.ts';
import { AppError } from '../../errors.ts';
import { diffChanges, recordAudit, type StaffActor } from '../audit/public.ts';
import { definedOnly } from './admin-changes.ts';
import {
  findRegionRow,
  insertRegion,
  listRegionRows,
  lockRegion,
  updateRegionRow,
  type RegionListRow,
  type RegionNames,
  type RegionRow,
} from './admin-region-repo.ts';

function toAdminRegion(row: RegionListRow): AdminRegion {
  return {
    id: row.id,
    country: row.country,
    cityCode: row.cityCode,
    countryNameZh: row.countryNameZh,
    countryNameEn: row.countryNameEn,
    cityNameZh: row.cityNameZh,
    cityNameEn: row.cityNameEn,
    sortOrder: row.sortOrder,
    plans: row.plans,
    availableIps: row.availableIps,
  };
}

/** What an audit entry records of a region. */
function auditedFields(region: RegionRow): Record<string, unknown> {
  return {
    country: region.country,
    cityCode: region.cityCode,
    countryNameZh: region.countryNameZh,
    countryNameEn: region.countryNameEn,
    cityNameZh: region.cityNameZh,
    cityNameEn: region.cityNameEn,
    sortOrder: region.sortOrder,
  };
}

async function requireRegion(db: Db, regionId: string): Promise<AdminRegion> {
  const row = await findRegionRow(db, regionId);
  if (!row) throw new AppError('regionNotFound');
  return toAdminRegion(row);
}

/** Every region in catalog order, with its plans and the addresses it can sell. */
export async function listRegions({ db }: { db: Db }): Promise<AdminRegion[]> {
  return (await listRegionRows(db)).map(toAdminRegion);
}

export interface NewRegionInput extends RegionNames {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** Lower-case slug. */
  cityCode: string;
  sortOrder: number;
}

/** Adds a region; its country and city code must be free (`regionTaken`). */
export async function createRegion({
  db,
  actor,
  region,
}: {
  db: Db;
  actor: StaffActor;
  region: NewRegionInput;
}): Promise<AdminRegion> {
  return transactionAnnouncing(db, catalogChanged, async (tx) => {
    const created = await insertRegion(tx, region);
    if (!created) {
      throw new AppError('regionTaken', { country: region.country, city: region.cityCode });
    }
    await recordAudit({
      tx,
      actor,
      action: 'region.create',
      target: { type: 'region', id: created.id },
      changes: diffChanges(null, auditedFields(created)),
    });
    return requireRegion(tx, created.id);
  });
}

/** Renames a region or moves it in the catalog; nothing is recorded when nothing changes. */
export async function updateRegion({
  db,
  actor,
  regionId,
  changes,
}: {
  db: Db;
  actor: StaffActor;
  regionId: string;
  changes: Partial<RegionNames & { sortOrder: number }>;
}): Promise<AdminRegion> {
  return transactionAnnouncing(db, catalogChanged, async (tx) => {
    const before = await lockRegion(tx, regionId);
    if (!before) throw new AppError('regionNotFound');
    const after = { ...before, ...definedOnly(changes) };
    const changed = diffChanges(auditedFields(before), auditedFields(after));
    if (Object.keys(changed).length > 0) {
      await updateRegionRow(tx, regionId, definedOnly(changes));
      await recordAudit({
        tx,
        actor,
        action: 'region.update',
        target: { type: 'region', id: regionId },
        changes: changed,
      });
    }
    return requireRegion(tx, regionId);
  });
}
