// The audit entries a test reads: about one target (by type and id), or of one target id.
import { and, asc, auditLog, eq, type Db } from '@stratus/db';
import type { TestApp } from './app.ts';

/** The audit entries about one target, oldest first. */
export function auditEntriesAbout(db: Db, { type, id }: { type: string; id: string }) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, type), eq(auditLog.targetId, id)))
    .orderBy(asc(auditLog.id));
}

/** The audit entries about one target, oldest first. */
export function auditEntriesOf(testApp: TestApp, targetId: string) {
  return testApp.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, targetId))
    .orderBy(asc(auditLog.id));
}
