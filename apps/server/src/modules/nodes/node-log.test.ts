// A gateway polls every 3 s: its routine calls log at debug, and what changes about a node gets
// exactly one info line naming it (issue 31: the log was a poll every 3 s at info).
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import {
  getDynamicAccount,
  getNodeCredentials,
  reportNodeUsage,
  type EndpointQuery,
  type NodeHeartbeat,
} from '@stratus/contract';
import { eq, gatewayNodes, messages } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer, registerStaff } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { addTestNode } from '../../../test/usage.ts';
import { logNodesGoneOffline } from './service.ts';

interface LogLine {
  level: number;
  msg: string;
  node?: string;
}
const INFO = 30;
const DEBUG = 20;

/** A heartbeat as a gateway sends it with its poll (the applied version travels as `since`). */
function pollQuery(since: string | undefined): EndpointQuery<typeof getNodeCredentials> {
  const heartbeat: Omit<NodeHeartbeat, 'snapshotVersion'> = {
    gatewayVersion: '0.1.0',
    uptimeSeconds: 120,
    openConnections: 0,
    bytesInPerSecond: 0,
    bytesOutPerSecond: 0,
    pendingUsageBatches: 0,
    v2rayState: 'running',
    cpuPercent: 1,
    memoryBytes: 50_000_000,
  };
  return { since, ...heartbeat };
}

describe.each(testEngines)('the log of a polling gateway node on %s', (engine) => {
  let testApp: TestApp;
  let node: { id: string; apiKey: string; name: string };
  const lines: LogLine[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          lines.push(JSON.parse(line) as LogLine);
        }
        done();
      },
    });
    testApp = await createTestApp(engine, { logger: { level: 'debug', stream } });
    const added = await addTestNode(testApp.database.db);
    const [row] = await testApp.database.db
      .select({ name: gatewayNodes.name })
      .from(gatewayNodes)
      .where(eq(gatewayNodes.id, added.id));
    node = { ...added, name: row!.name };
  });
  afterAll(() => testApp?.close());

  /** The lines logged while `act` ran. */
  async function logOf(act: () => Promise<unknown>): Promise<LogLine[]> {
    const from = lines.length;
    await act();
    return lines.slice(from);
  }
  const info = (logged: LogLine[]) => logged.filter((line) => line.level === INFO);

  async function poll(since: string | undefined): Promise<string> {
    const response = await callEndpoint(testApp.app, getNodeCredentials, {
      token: node.apiKey,
      query: pollQuery(since),
    });
    return response.data().version;
  }

  let served = '';

  it('says once that a node came online, at its first poll', async () => {
    const logged = await logOf(async () => (served = await poll(undefined)));
    expect(info(logged)).toEqual([
      expect.objectContaining({ msg: `gateway node ${node.name} is online`, node: node.name }),
    ]);
  });

  it('writes no info line for routine polls and empty usage batches', async () => {
    const logged = await logOf(async () => {
      // The gateway applied what it was served, then polls with nothing new, again and again.
      const applied = served;
      for (let poll_ = 0; poll_ < 3; poll_ += 1) {
        await poll(applied);
        await poll(applied);
      }
      const usage = await callEndpoint(testApp.app, reportNodeUsage, {
        token: node.apiKey,
        body: { batchId: randomUUID(), records: [] },
      });
      expect(usage.statusCode).toBe(200);
    });
    // The version it applied is new to the API's record only at the first of these polls.
    expect(info(logged)).toEqual([
      expect.objectContaining({ msg: `gateway node ${node.name} applied snapshot ${served}` }),
    ]);
    const routine = await logOf(async () => {
      for (let poll_ = 0; poll_ < 5; poll_ += 1) await poll(served);
    });
    expect(info(routine)).toEqual([]);
    const requests = routine.filter((line) => line.msg === 'request completed');
    expect(requests).toHaveLength(5);
    expect(requests.every((line) => line.level === DEBUG)).toBe(true);
  });

  it('says once that a node applied a new snapshot version', async () => {
    // A customer opens a dynamic account: every node's snapshot carries it.
    const { token } = await registerCustomer(testApp);
    expect((await callEndpoint(testApp.app, getDynamicAccount, { token })).statusCode).toBe(200);
    const next = await poll(served);
    expect(next).not.toBe(served);
    const logged = await logOf(async () => {
      await poll(next);
      await poll(next);
    });
    expect(info(logged)).toEqual([
      expect.objectContaining({
        msg: `gateway node ${node.name} applied snapshot ${next}`,
        node: node.name,
      }),
    ]);
    served = next;
  });

  it('says once that a node went offline, and again when it is back', async () => {
    const db = testApp.database.db;
    const owner = await registerStaff(testApp, 'owner');
    const ops = await registerStaff(testApp, 'ops');
    const support = await registerStaff(testApp, 'support');
    const lastSeen = new Date(Date.now() - 120_000);
    await db.update(gatewayNodes).set({ lastSeenAt: lastSeen }).where(eq(gatewayNodes.id, node.id));
    const check = (since: number, until: number) =>
      logNodesGoneOffline({
        db,
        log: testApp.app.log,
        since: new Date(lastSeen.getTime() + since),
        now: new Date(lastSeen.getTime() + until),
      });
    const offline = await logOf(async () => {
      await check(0, 5_000);
      await check(5_000, 30_000);
      await check(30_000, 60_000);
    });
    expect(info(offline)).toEqual([
      expect.objectContaining({ msg: `gateway node ${node.name} is offline`, node: node.name }),
    ]);
    // Another server looking at the same window mails nobody twice.
    await logOf(() => check(0, 5_000));
    const mailed = await db.select().from(messages).where(eq(messages.event, 'node.offline'));
    expect(mailed.map((row) => row.userId).sort()).toEqual([owner.id, ops.id].sort());
    expect(mailed.map((row) => row.userId)).not.toContain(support.id);
    expect(mailed[0]).toMatchObject({
      subject: `网关节点 ${node.name} 已离线`,
      actionUrl: `/admin/nodes/${node.id}`,
      data: { nodeId: node.id, node: node.name, lastSeenAt: lastSeen.toISOString() },
    });

    const back = await logOf(() => poll(served));
    expect(info(back)).toEqual([
      expect.objectContaining({ msg: `gateway node ${node.name} is online`, node: node.name }),
    ]);
  });

  it('keeps a refused node call at info', async () => {
    const logged = await logOf(() =>
      callEndpoint(testApp.app, getNodeCredentials, {
        token: 'gnk_not-a-key',
        query: pollQuery(undefined),
      }),
    );
    expect(info(logged)).toEqual([
      expect.objectContaining({ msg: 'request completed', res: { statusCode: 401 } }),
    ]);
  });
});
