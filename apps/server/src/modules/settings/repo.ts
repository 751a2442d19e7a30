// Queries of `operator_settings`: one row per group of settings, its fields as JSON.
import type { OperatorSettingKey } from '@stratus/contract';
import { eq, operatorSettings, sql, type Db, type Tx } from '@stratus/db';

export interface SettingRow {
  value: unknown;
  updatedAt: Date;
}

/** The stored group, or null while it keeps its defaults. */
export async function findSetting(db: Db, key: OperatorSettingKey): Promise<SettingRow | null> {
  const [row] = await db
    .select({ value: operatorSettings.value, updatedAt: operatorSettings.updatedAt })
    .from(operatorSettings)
    .where(eq(operatorSettings.key, key));
  return row ?? null;
}

/**
 * The stored group locked for a change (`for update`), or null while it keeps its defaults. Two
 * owners saving at once then write one after the other, each audited against what it replaced.
 */
export async function lockSetting(tx: Tx, key: OperatorSettingKey): Promise<SettingRow | null> {
  const [row] = await tx
    .select({ value: operatorSettings.value, updatedAt: operatorSettings.updatedAt })
    .from(operatorSettings)
    .where(eq(operatorSettings.key, key))
    .for('update');
  return row ?? null;
}

/** Stores the group's fields (replacing them whole); answers when. */
export async function saveSetting(
  tx: Tx,
  { key, value, updatedBy }: { key: OperatorSettingKey; value: unknown; updatedBy: string | null },
): Promise<Date> {
  const [row] = await tx
    .insert(operatorSettings)
    .values({ key, value, updatedBy })
    .onConflictDoUpdate({
      target: operatorSettings.key,
      set: { value, updatedBy, updatedAt: sql`now()` },
    })
    .returning({ updatedAt: operatorSettings.updatedAt });
  return row!.updatedAt;
}
