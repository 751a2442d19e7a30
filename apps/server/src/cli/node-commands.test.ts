import { auditLog, eq, gatewayNodes } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { runAdminCommand } from './admin.ts';

describe.each(testEngines)('the node commands on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine, { env: { PUBLIC_URL: 'https://console.example.com' } });
  });
  afterAll(() => testApp?.close());

  async function run(...args: string[]) {
    const lines: string[] = [];
    const code = await runAdminCommand(args, {
      database: testApp.database,
      config: testApp.config,
      print: (line) => lines.push(line),
    });
    return { code, output: lines.join('') };
  }

  it('adds a node and rotates its key through the audited service, printing the start command', async () => {
    const added = await run('add-node', 'seoul-1', '--host', '2001:DB8::7');
    expect(added.code).toBe(0);
    const [node] = await testApp.database.db
      .select()
      .from(gatewayNodes)
      .where(eq(gatewayNodes.name, 'seoul-1'));
    const key = /API key \(shown only this once\): (gnk_\S+)/.exec(added.output)?.[1];
    expect(added.output).toContain(
      `GATEWAY_API_URL=https://console.example.com GATEWAY_NODE_KEY=${key} ` +
        `GATEWAY_NODE_ID=${node!.id} npm run gateway`,
    );
    expect(node?.host).toBe('2001:db8::7');

    const rotated = await run('rotate-node-key', 'seoul-1');
    expect(rotated.code).toBe(0);
    const entries = await testApp.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, node!.id));
    expect(entries.map((entry) => [entry.action, entry.actorRole, entry.actorId])).toEqual([
      ['node.create', 'cli', null],
      ['node.rotate_key', 'cli', null],
    ]);
  });

  it('refuses a taken name, recording nothing more', async () => {
    const before = (await testApp.database.db.select().from(auditLog)).length;
    const again = await run('add-node', 'seoul-1', '--host', '203.0.113.9');
    expect(again).toEqual({
      code: 1,
      output: 'A node named seoul-1 already exists. Use rotate-node-key seoul-1 for a new key.\n',
    });
    expect(await testApp.database.db.select().from(auditLog)).toHaveLength(before);
  });
});
