import { randomUUID } from 'node:crypto';
import {
  errors,
  getNodeCredentials,
  getOverview,
  getTrafficUsage,
  listTrafficPackages,
  reportNodeUsage,
  type EndpointQuery,
} from '@stratus/contract';
import { and, eq, usageBatches, usageHourly } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import {
  addTestNode,
  findTrafficPackage,
  insertDynamicAccount,
  insertInstance,
  insertTrafficPackage,
  sendUsage,
  type TestUsageRecord,
} from '../../../test/usage.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** What the default line rate (100 Gbit/s) moves in the shortest interval counted (a minute). */
const MINUTE_AT_LINE_RATE = 750_000_000_000;

// One batch may claim no more than its node can move, totals stay exact JSON numbers, and a node
// charges only what it serves.
describe.each(testEngines)('usage bounds and node scoping on %s', (engine) => {
  let testApp: TestApp;
  let nodeA: { id: string; apiKey: string };
  let nodeB: { id: string; apiKey: string };
  /** A node with no addresses at all: no instance and no dynamic pool. */
  let bare: { id: string; apiKey: string };
  beforeAll(async () => {
    testApp = await createTestApp(engine);
    nodeA = await addTestNode(testApp.database.db);
    nodeB = await addTestNode(testApp.database.db);
    bare = await addTestNode(testApp.database.db);
  });
  afterAll(() => testApp?.close());

  const db = () => testApp.database.db;

  /** A customer with an instance on node A, a dynamic account and a package of 1 TB. */
  async function customer() {
    const { user, token } = await registerCustomer(testApp);
    const instanceId = await insertInstance(db(), { userId: user.id, nodeId: nodeA.id });
    await insertDynamicAccount(db(), user.id);
    const packageId = await insertTrafficPackage(db(), {
      userId: user.id,
      totalBytes: 2n ** 40n,
      expiresAt: new Date(Date.now() + 30 * DAY_MS),
    });
    return { userId: user.id, token, instanceId, packageId };
  }

  const record = (
    kind: 'static' | 'dynamic',
    subject: string,
    bytesUp: number,
    at: Date,
    bytesDown = 0,
  ): TestUsageRecord => ({ kind, subject, bytesUp, bytesDown, at: at.toISOString() });

  /** An interval of `ms` ending at `to`, as the gateway sends it. */
  const interval = (to: Date, ms: number) => ({
    from: new Date(to.getTime() - ms).toISOString(),
    to: to.toISOString(),
  });

  const hourRows = (userId: string) =>
    db().select().from(usageHourly).where(eq(usageHourly.userId, userId));
  const batchRows = (nodeId: string, batchId: string) =>
    db()
      .select()
      .from(usageBatches)
      .where(and(eq(usageBatches.nodeId, nodeId), eq(usageBatches.batchId, batchId)));

  async function usageTotals(token: string, query: EndpointQuery<typeof getTrafficUsage> = {}) {
    const response = await callEndpoint(testApp.app, getTrafficUsage, {
      token,
      query: { granularity: 'day', ...query },
    });
    expect(response.statusCode).toBe(200);
    return response.data().totals;
  }

  async function overviewOf(token: string) {
    const response = await callEndpoint(testApp.app, getOverview, { token });
    expect(response.statusCode).toBe(200);
    return response.data();
  }

  it('holds batches over overlapping intervals together to the line rate, not each alone', async () => {
    const node = await addTestNode(db());
    const { user } = await registerCustomer(testApp);
    const instanceId = await insertInstance(db(), { userId: user.id, nodeId: node.id });
    const share = (fraction: number) => Math.floor(MINUTE_AT_LINE_RATE * fraction);
    const start = new Date(Date.now() - 10 * 60_000);
    const minuteAfter = (from: Date) => new Date(from.getTime() + 60_000);
    const send = (
      batchId: string,
      bytes: number,
      at: Date,
      covered?: { from: string; to: string },
    ) =>
      sendUsage(
        testApp.app,
        node.apiKey,
        batchId,
        [record('static', instanceId, bytes, at)],
        covered,
      );
    const first = interval(minuteAfter(start), 60_000);

    expect((await send(randomUUID(), share(0.8), start, first)).statusCode).toBe(200);
    // The same minute again: each batch fits alone, but not both together.
    const again = randomUUID();
    const refused = await send(again, share(0.8), start, first);
    expect(refused.statusCode).toBe(errors.usageBatchTooLarge.status);
    expect(refused.json().code).toBe(errors.usageBatchTooLarge.code);
    expect(await batchRows(node.id, again)).toEqual([]);
    // Half a minute later, overlapping by half: 1.3 minutes' worth over a minute and a half fits.
    const shifted = interval(new Date(minuteAfter(start).getTime() + 30_000), 60_000);
    expect((await send(randomUUID(), share(0.5), start, shifted)).statusCode).toBe(200);
    // The next minute, as a gateway sends it (its start is the last one's end), counts alone.
    const next = interval(minuteAfter(minuteAfter(start)), 60_000);
    expect((await send(randomUUID(), share(0.2), minuteAfter(start), next)).statusCode).toBe(200);
    const following = interval(new Date(minuteAfter(start).getTime() + 120_000), 60_000);
    expect(
      (await send(randomUUID(), share(0.9), minuteAfter(minuteAfter(start)), following)).statusCode,
    ).toBe(200);
    // Batches without an interval cover the minute before they arrive: two of them overlap.
    const now = new Date();
    expect((await send(randomUUID(), share(0.6), now)).statusCode).toBe(200);
    expect((await send(randomUUID(), share(0.6), now)).statusCode).toBe(
      errors.usageBatchTooLarge.status,
    );
    const applied = (await hourRows(user.id)).reduce((sum, row) => sum + row.bytesUp, 0n);
    expect(applied).toBe(BigInt(share(0.8) + share(0.5) + share(0.2) + share(0.9) + share(0.6)));
  });

  it('refuses 9 records of 2^50 bytes, and usage and overview keep answering the real numbers', async () => {
    const { userId, token, instanceId } = await customer();
    const now = new Date();
    const legit = await sendUsage(
      testApp.app,
      nodeA.apiKey,
      randomUUID(),
      [record('static', instanceId, 1000, now, 2000)],
      interval(now, 5000),
    );
    expect(legit.statusCode).toBe(200);

    const huge = Array.from({ length: 9 }, () => record('static', instanceId, 2 ** 50, now));
    // As an older gateway sends it (no interval), and with a 5-second interval.
    for (const batchInterval of [null, interval(now, 5000)]) {
      const batchId = randomUUID();
      const refused = await sendUsage(testApp.app, nodeA.apiKey, batchId, huge, batchInterval);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().code).toBe(errors.usageBatchTooLarge.code);
      expect(await batchRows(nodeA.id, batchId)).toEqual([]);
    }

    expect(await usageTotals(token)).toEqual({ bytesUp: 1000, bytesDown: 2000 });
    const overview = await overviewOf(token);
    expect(overview.usage.totals).toEqual({ bytesUp: 1000, bytesDown: 2000 });
    const rows = await hourRows(userId);
    expect(rows.map((row) => [row.bytesUp, row.bytesDown])).toEqual([[1000n, 2000n]]);
  });

  it('refuses a batch beyond the line rate over its interval whole, and takes one at the limit', async () => {
    const { userId, token, instanceId, packageId } = await customer();
    // Two hours ago: node A's other batches in this file (now, three hours ago) overlap none of
    // these, which are held to the line rate together with any they overlap.
    const now = new Date(Date.now() - 2 * HOUR_MS);
    // Ten seconds count as the shortest interval, a minute: static and dynamic bytes add up.
    const over = [
      record('static', instanceId, MINUTE_AT_LINE_RATE / 2, now),
      record('dynamic', userId, 0, now, MINUTE_AT_LINE_RATE / 2 + 1),
    ];
    const batchId = randomUUID();
    const refused = await sendUsage(
      testApp.app,
      nodeA.apiKey,
      batchId,
      over,
      interval(now, 10_000),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: errors.usageBatchTooLarge.code,
      data: null,
    });
    expect(refused.json().message).toContain(String(MINUTE_AT_LINE_RATE));
    expect(await hourRows(userId)).toEqual([]);
    expect((await findTrafficPackage(db(), packageId)).usedBytes).toBe(0n);
    expect(await batchRows(nodeA.id, batchId)).toEqual([]);

    const atLimit = [
      record('static', instanceId, MINUTE_AT_LINE_RATE / 2, now),
      record('dynamic', userId, 0, now, MINUTE_AT_LINE_RATE / 2),
    ];
    const accepted = await sendUsage(
      testApp.app,
      nodeA.apiKey,
      randomUUID(),
      atLimit,
      interval(now, 10_000),
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.data()).toMatchObject({ applied: 2, ignored: 0, notOnNode: 0 });
    expect(await usageTotals(token)).toEqual({
      bytesUp: MINUTE_AT_LINE_RATE / 2,
      bytesDown: MINUTE_AT_LINE_RATE / 2,
    });
    expect((await findTrafficPackage(db(), packageId)).usedBytes).toBe(
      BigInt(MINUTE_AT_LINE_RATE / 2),
    );
  });

  it('accepts a large but possible batch spooled hours ago, over its own long interval', async () => {
    const { userId, token, instanceId } = await customer();
    // An hour of traffic the gateway kept on disk for three hours while the API was away: 40 TB
    // of the 45 TB 100 Gbit/s move in an hour.
    const to = new Date(Date.now() - 3 * HOUR_MS);
    const bytes = 40_000_000_000_000;
    const response = await sendUsage(
      testApp.app,
      nodeA.apiKey,
      randomUUID(),
      [
        record('static', instanceId, bytes / 4, to, bytes / 4),
        record('dynamic', userId, 0, to, bytes / 2),
      ],
      interval(to, HOUR_MS),
    );
    expect(response.statusCode).toBe(200);
    expect(response.data()).toMatchObject({ applied: 2 });
    expect(await usageTotals(token, { instanceId })).toEqual({
      bytesUp: bytes / 4,
      bytesDown: bytes / 4,
    });
    expect(await usageTotals(token, { kind: 'dynamic' })).toEqual({
      bytesUp: 0,
      bytesDown: bytes / 2,
    });
    // More than that hour can carry is refused, however long ago it was.
    const refused = await sendUsage(
      testApp.app,
      nodeA.apiKey,
      randomUUID(),
      [record('static', instanceId, 46_000_000_000_000, to)],
      interval(to, HOUR_MS),
    );
    expect(refused.json().code).toBe(errors.usageBatchTooLarge.code);
    expect(await hourRows(userId)).toHaveLength(2);
  });

  it('refuses an inconsistent interval with nothing changed', async () => {
    const { userId, instanceId } = await customer();
    const now = new Date();
    const records = [record('static', instanceId, 10, now)];
    const bodies = [
      { from: new Date(now.getTime() + 1000).toISOString(), to: now.toISOString() },
      { from: new Date(now.getTime() - 5000).toISOString() },
      // A record far outside the interval it claims to have moved in.
      interval(new Date(now.getTime() - DAY_MS), 5000),
    ];
    for (const body of bodies) {
      const response = await callEndpoint(testApp.app, reportNodeUsage, {
        token: nodeA.apiKey,
        body: { batchId: randomUUID(), ...body, records },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe(errors.usageBatchIntervalInvalid.code);
    }
    expect(await hourRows(userId)).toEqual([]);
  });

  it("charges nothing a node does not serve: another node's instance, or dynamic usage without a pool", async () => {
    const { userId, instanceId, packageId } = await customer();
    // Node B serves an instance of its own (so it has a dynamic pool), but not node A's.
    const other = await registerCustomer(testApp);
    const instanceOnB = await insertInstance(db(), { userId: other.user.id, nodeId: nodeB.id });
    const now = new Date();

    const fromB = await sendUsage(
      testApp.app,
      nodeB.apiKey,
      randomUUID(),
      [record('static', instanceId, 500, now), record('static', instanceOnB, 7, now)],
      interval(now, 5000),
    );
    expect(fromB.statusCode).toBe(200);
    expect(fromB.data()).toMatchObject({ applied: 1, ignored: 0, notOnNode: 1 });

    const fromBare = await sendUsage(
      testApp.app,
      bare.apiKey,
      randomUUID(),
      [record('dynamic', userId, 500, now), record('static', instanceId, 500, now)],
      interval(now, 5000),
    );
    expect(fromBare.statusCode).toBe(200);
    expect(fromBare.data()).toMatchObject({ applied: 0, ignored: 0, notOnNode: 2 });

    expect(await hourRows(userId)).toEqual([]);
    expect((await findTrafficPackage(db(), packageId)).usedBytes).toBe(0n);
    expect((await hourRows(other.user.id)).map((row) => row.bytesUp)).toEqual([7n]);

    // Node A, which serves both, is charged as before.
    const fromA = await sendUsage(
      testApp.app,
      nodeA.apiKey,
      randomUUID(),
      [record('dynamic', userId, 500, now), record('static', instanceId, 500, now)],
      interval(now, 5000),
    );
    expect(fromA.data()).toMatchObject({ applied: 2, notOnNode: 0 });
    expect((await findTrafficPackage(db(), packageId)).usedBytes).toBe(500n);
  });

  it('refuses a batch that would take an hourly total past the exact range', async () => {
    const { userId, token, instanceId } = await customer();
    const hour = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS - HOUR_MS);
    // As if written before batches were bounded.
    await db()
      .insert(usageHourly)
      .values({
        hour,
        kind: 'static',
        subjectId: instanceId,
        userId,
        bytesUp: BigInt(Number.MAX_SAFE_INTEGER) - 10n,
      });
    const at = new Date(hour.getTime() + 60_000);
    const batchId = randomUUID();
    const refused = await sendUsage(
      testApp.app,
      nodeA.apiKey,
      batchId,
      [record('static', instanceId, 11, at)],
      interval(at, 5000),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe(errors.usageTotalOutOfRange.code);
    expect(await batchRows(nodeA.id, batchId)).toEqual([]);
    const fits = await sendUsage(
      testApp.app,
      nodeA.apiKey,
      randomUUID(),
      [record('static', instanceId, 10, at)],
      interval(at, 5000),
    );
    expect(fits.statusCode).toBe(200);
    const [row] = await hourRows(userId);
    expect(row?.bytesUp).toBe(BigInt(Number.MAX_SAFE_INTEGER));
    expect(await usageTotals(token)).toEqual({ bytesUp: Number.MAX_SAFE_INTEGER, bytesDown: 0 });
  });

  it('answers sums past the exact range as the largest exact number, never a 500', async () => {
    const { userId, token, instanceId } = await customer();
    const hour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    // Rows written before batches were bounded: together beyond Number.MAX_SAFE_INTEGER.
    await db()
      .insert(usageHourly)
      .values(
        [1, 2].map((hoursAgo) => ({
          hour: new Date(hour - hoursAgo * HOUR_MS),
          kind: 'static' as const,
          subjectId: instanceId,
          userId,
          bytesUp: BigInt(Number.MAX_SAFE_INTEGER),
          bytesDown: 5n,
        })),
      );
    // Packages whose sum passes it too.
    for (let index = 0; index < 2; index += 1) {
      await insertTrafficPackage(db(), {
        userId,
        totalBytes: 2n ** 62n,
        expiresAt: new Date(Date.now() + 10 * DAY_MS),
      });
    }
    expect(await usageTotals(token)).toEqual({
      bytesUp: Number.MAX_SAFE_INTEGER,
      bytesDown: 10,
    });
    const csv = await callEndpoint(testApp.app, getTrafficUsage, {
      token,
      query: { granularity: 'day', format: 'csv' },
    });
    expect(csv.statusCode).toBe(200);
    const overview = await overviewOf(token);
    expect(overview.traffic).toMatchObject({
      activePackages: 3,
      totalBytes: Number.MAX_SAFE_INTEGER,
      remainingBytes: Number.MAX_SAFE_INTEGER,
    });
    expect(overview.usage.totals.bytesUp).toBe(Number.MAX_SAFE_INTEGER);
    const packages = await callEndpoint(testApp.app, listTrafficPackages, { token });
    expect(packages.statusCode).toBe(200);
    expect(packages.data().summary.totalBytes).toBe(Number.MAX_SAFE_INTEGER);
    const credentials = await callEndpoint(testApp.app, getNodeCredentials, {
      token: nodeA.apiKey,
    });
    expect(credentials.statusCode).toBe(200);
  });
});
