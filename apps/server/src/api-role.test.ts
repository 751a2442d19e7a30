// The API runs as the least-privileged role docs/security.md describes (packages/db/sql/api-role.sql):
// it starts on a migrated database it does not own, serves customers and operators, and can
// neither rewrite nor empty the audit log.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  completeSandboxPayment,
  createStaticIpOrder,
  createTopUp,
  updateStaticIpPlan,
} from '@stratus/contract';
import { auditLog, createDatabase, eq, migrateDatabase, sql, type Database } from '@stratus/db';
import { createTestDatabase, type TestDatabase } from '@stratus/db/testing';
import { describe, expect, it } from 'vitest';
import { seedStaticIpPlan } from '../test/catalog.ts';
import { createTestApp } from '../test/app.ts';
import { registerStaff, registerCustomer } from '../test/accounts.ts';
import { callEndpoint } from '../test/call-endpoint.ts';

const grantsFile = path.resolve(import.meta.dirname, '../../../packages/db/sql/api-role.sql');

/** The message PostgreSQL refused `statement` with, or null when it ran. */
async function refusal(database: Database, statement: string): Promise<string | null> {
  return database.db.execute(sql.raw(statement)).then(
    () => null,
    (error: Error) => (error.cause as Error | undefined)?.message ?? error.message,
  );
}

describe('the API as its own database role', () => {
  it('serves on a database it does not own and can neither rewrite nor empty the audit log', async () => {
    const owner = await createTestDatabase('postgres');
    const role = `stratus_api_${randomBytes(4).toString('hex')}`;
    let roleDatabase: TestDatabase | undefined;
    try {
      const grants = (await readFile(grantsFile, 'utf8')).replaceAll(/\bstratus_api\b/g, role);
      await owner.db.execute(sql.raw(`create role ${role} login`));
      await owner.db.execute(sql.raw(grants));
      const url = new URL(owner.url!);
      url.username = role;
      roleDatabase = Object.assign(await createDatabase({ url: url.href }), { url: url.href });
      // Every migration has run: the server's start-up step creates nothing.
      expect(await migrateDatabase(roleDatabase)).toEqual({ applied: [] });

      const testApp = await createTestApp('postgres', { database: roleDatabase });
      try {
        const plan = await seedStaticIpPlan(owner.db, { stock: 2 });
        const { token } = await registerCustomer(testApp);
        const { paymentId } = (
          await callEndpoint(testApp.app, createTopUp, {
            token,
            body: { amount: 100, channel: 'sandbox' },
          })
        ).data();
        const paid = await callEndpoint(testApp.app, completeSandboxPayment, {
          token,
          params: { paymentId },
        });
        expect(paid.statusCode).toBe(200);
        const bought = await callEndpoint(testApp.app, createStaticIpOrder, {
          token,
          body: { planId: plan.planId, durationDays: 30, quantity: 1 },
        });
        expect(bought.statusCode).toBe(200);
        const ops = await registerStaff({ app: testApp.app, database: owner }, 'ops');
        const hidden = await callEndpoint(testApp.app, updateStaticIpPlan, {
          token: ops.token,
          params: { id: plan.planId },
          body: { active: false },
        });
        expect(hidden.statusCode).toBe(200);
        const entries = await owner.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.targetId, plan.planId));
        expect(entries).toHaveLength(1);

        // Its grants leave the audit log append-only, whatever the triggers.
        expect(await refusal(roleDatabase, 'truncate audit_log')).toBe(
          'permission denied for table audit_log',
        );
        expect(await refusal(roleDatabase, 'delete from audit_log')).toBe(
          'permission denied for table audit_log',
        );
        expect(await refusal(roleDatabase, 'drop trigger audit_log_no_truncate on audit_log')).toBe(
          'must be owner of relation audit_log',
        );
        // And the owner meets the triggers: TRUNCATE is refused too.
        expect(await refusal(owner, 'truncate audit_log')).toBe('audit_log is append-only');
      } finally {
        await testApp.close();
        roleDatabase = undefined;
      }
    } finally {
      await roleDatabase?.close();
      // Roles outlive databases: its grants go first, then the role, then the database.
      await owner.db.execute(sql.raw(`drop owned by ${role}`)).catch(() => {});
      await owner.db.execute(sql.raw(`drop role if exists ${role}`));
      await owner.close();
    }
  });
});
