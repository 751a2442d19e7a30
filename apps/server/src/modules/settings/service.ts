// The operator's settings: each group is read through its contract schema (a stored group missing
// a field added later takes the field's default) and replaced whole by the owner, audited in the
// same transaction.
import {
  businessProfileFieldsSchema,
  EMPTY_BUSINESS_PROFILE,
  type BusinessProfile,
  type BusinessProfileFields,
} from '@stratus/contract';
import type { Db } from '@stratus/db';
import { diffChanges, recordAudit, type StaffActor } from '../audit/public.ts';
import { findSetting, lockSetting, saveSetting, type SettingRow } from './repo.ts';

/** The stored fields over the defaults; a field that no longer parses keeps its default. */
function businessProfileFieldsOf(row: SettingRow | null): BusinessProfileFields {
  if (!row || typeof row.value !== 'object' || row.value === null) return EMPTY_BUSINESS_PROFILE;
  const stored = row.value as Record<string, unknown>;
  const fields = { ...EMPTY_BUSINESS_PROFILE };
  for (const name of Object.keys(fields) as (keyof BusinessProfileFields)[]) {
    const parsed = businessProfileFieldsSchema.shape[name].safeParse(stored[name]);
    if (parsed.success) fields[name] = parsed.data;
  }
  return fields;
}

/** The business's details as receipts print them. */
export async function getBusinessProfile({ db }: { db: Db }): Promise<BusinessProfile> {
  const row = await findSetting(db, 'business_profile');
  return { ...businessProfileFieldsOf(row), updatedAt: row?.updatedAt.toISOString() ?? null };
}

/** Replaces the business's details, recording what changed in the audit log. */
export async function updateBusinessProfile({
  db,
  actor,
  fields,
}: {
  db: Db;
  actor: StaffActor;
  fields: BusinessProfileFields;
}): Promise<BusinessProfile> {
  return db.transaction(async (tx) => {
    const before = businessProfileFieldsOf(await lockSetting(tx, 'business_profile'));
    const updatedAt = await saveSetting(tx, {
      key: 'business_profile',
      value: fields,
      updatedBy: actor.kind === 'staff' ? actor.userId : null,
    });
    await recordAudit({
      tx,
      actor,
      action: 'settings.update',
      target: { type: 'settings', id: 'business_profile' },
      changes: diffChanges(before, fields),
    });
    return { ...fields, updatedAt: updatedAt.toISOString() };
  });
}
