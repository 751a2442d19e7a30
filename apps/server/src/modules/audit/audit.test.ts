import { auditLog, eq, sql } from '@stratus/db';
import { createTestDatabase, testEngines, type TestDatabase } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR, diffChanges, recordAudit } from './service.ts';

describe('diffChanges', () => {
  it('names exactly the fields that changed', () => {
    expect(diffChanges({ role: 'support', name: 'Ann' }, { role: 'finance', name: 'Ann' })).toEqual(
      {
        role: { before: 'support', after: 'finance' },
      },
    );
    expect(diffChanges(null, { email: 'a@b.c' })).toEqual({
      email: { before: null, after: 'a@b.c' },
    });
    expect(diffChanges({ tags: [1, 2] }, { tags: [1, 2] })).toEqual({});
  });
});

describe.each(testEngines)('the audit log on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database?.close());

  const entriesFor = (targetId: string) =>
    database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));

  it('commits an entry with the change and rolls it back with a failed one', async () => {
    await database.db.transaction((tx) =>
      recordAudit({
        tx,
        actor: CLI_ACTOR,
        action: 'customer.disable',
        target: { type: 'test', id: 'kept' },
      }),
    );
    await expect(
      database.db.transaction(async (tx) => {
        await recordAudit({
          tx,
          actor: CLI_ACTOR,
          action: 'customer.disable',
          target: { type: 'test', id: 'rolled-back' },
        });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await entriesFor('kept')).toHaveLength(1);
    expect(await entriesFor('rolled-back')).toHaveLength(0);
  });

  it('refuses to edit, delete or truncate an entry', async () => {
    await expect(
      database.db
        .update(auditLog)
        .set({ reason: 'rewritten' })
        .where(eq(auditLog.targetId, 'kept')),
    ).rejects.toThrow();
    await expect(
      database.db.delete(auditLog).where(eq(auditLog.targetId, 'kept')),
    ).rejects.toThrow();
    await expect(database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    // TRUNCATE fires no row trigger: a statement-level one refuses it.
    for (const statement of [sql`truncate audit_log`, sql`truncate audit_log cascade`]) {
      const refused = await database.db.execute(statement).then(
        () => null,
        (error: Error) => error,
      );
      expect((refused?.cause as Error | undefined)?.message).toBe('audit_log is append-only');
    }
    const [entry] = await entriesFor('kept');
    expect(entry).toMatchObject({ reason: '', actorEmail: 'cli', actorRole: 'cli' });
  });
});
