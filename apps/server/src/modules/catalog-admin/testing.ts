// Fixtures of the catalog-admin suites: regions inserted directly (each with its own city code),
// and the audit entries about one target.
import { randomUUID } from 'node:crypto';
import { and, asc, auditLog, eq, regions, type Db } from '@stratus/db';

/** A region of `country` with a random city code of its own. */
export async function seedRegion(
  db: Db,
  { country = 'JP', sortOrder = 0 }: { country?: string; sortOrder?: number } = {},
): Promise<typeof regions.$inferSelect> {
  const code = `c-${randomUUID().slice(0, 8)}`;
  const [region] = await db
    .insert(regions)
    .values({
      country,
      countryNameZh: '日本',
      countryNameEn: 'Japan',
      cityCode: code,
      cityNameZh: `城市${code}`,
      cityNameEn: `City ${code}`,
      sortOrder,
    })
    .returning();
  if (!region) throw new Error('fixture insert returned no row');
  return region;
}

/** The audit entries about one target, oldest first. */
export function auditEntriesAbout(db: Db, { type, id }: { type: string; id: string }) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, type), eq(auditLog.targetId, id)))
    .orderBy(asc(auditLog.id));
}
