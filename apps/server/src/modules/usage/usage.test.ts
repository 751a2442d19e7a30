import { randomUUID } from 'node:crypto';
import { errors, getWallet, listTrafficPackages, MAX_USAGE_RECORDS } from '@stratus/contract';
import { and, eq, usageBatches, usageHourly } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import {
  addNodeAddress,
  addTestNode,
  disableNode,
  findTrafficPackage,
  insertDynamicAccount,
  insertTrafficPackage,
  sendUsage,
  type TestUsageRecord,
} from '../../../test/usage.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';

const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);

describe.each(testEngines)('usage metering on %s', (engine) => {
  let testApp: TestApp;
  let node: { id: string; apiKey: string };
  beforeAll(async () => {
    testApp = await createTestApp(engine);
    node = await addTestNode(testApp.database.db);
    // An address makes the node's dynamic pool: it serves dynamic accounts.
    await addNodeAddress(testApp.database.db, node.id);
  });
  afterAll(() => testApp?.close());

  const db = () => testApp.database.db;
  /** A customer with a dynamic-proxy account, whose dynamic usage the node may report. */
  const registerDynamicUser = async () => {
    const registered = await registerCustomer(testApp);
    await insertDynamicAccount(db(), registered.user.id);
    return registered;
  };
  const dynamic = (userId: string, bytes: number, at: string): TestUsageRecord => ({
    kind: 'dynamic',
    subject: userId,
    bytesUp: Math.floor(bytes / 2),
    bytesDown: bytes - Math.floor(bytes / 2),
    at,
  });
  const hourRows = async (userId: string) =>
    (await db().select().from(usageHourly).where(eq(usageHourly.userId, userId))).sort(
      (a, b) => a.hour.getTime() - b.hour.getTime(),
    );

  it('draws dynamic usage from the soonest-expiring usable package first', async () => {
    const { user } = await registerDynamicUser();
    const later = await insertTrafficPackage(db(), {
      userId: user.id,
      totalBytes: 1000n,
      expiresAt: inDays(10),
    });
    const sooner = await insertTrafficPackage(db(), {
      userId: user.id,
      totalBytes: 500n,
      usedBytes: 100n,
      expiresAt: inDays(5),
    });
    const pastExpiry = await insertTrafficPackage(db(), {
      userId: user.id,
      totalBytes: 1000n,
      expiresAt: inDays(-1),
    });
    const exhausted = await insertTrafficPackage(db(), {
      userId: user.id,
      totalBytes: 1000n,
      usedBytes: 1000n,
      status: 'exhausted',
      expiresAt: inDays(1),
    });

    const response = await sendUsage(testApp.app, node.apiKey, randomUUID(), [
      dynamic(user.id, 300, '2026-01-10T01:10:00Z'),
      dynamic(user.id, 400, '2026-01-10T01:50:00+00:00'),
      dynamic(user.id, 200, '2026-01-10T10:20:00+08:00'),
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.data()).toMatchObject({ duplicate: false, applied: 3, ignored: 0 });

    expect(await findTrafficPackage(db(), sooner)).toMatchObject({
      usedBytes: 500n,
      status: 'exhausted',
    });
    expect(await findTrafficPackage(db(), later)).toMatchObject({
      usedBytes: 500n,
      status: 'active',
    });
    expect((await findTrafficPackage(db(), pastExpiry)).usedBytes).toBe(0n);
    expect((await findTrafficPackage(db(), exhausted)).usedBytes).toBe(1000n);

    // 01:10 and 01:50 share the 01:00 UTC hour; 10:20 at +08:00 is 02:20 UTC.
    const rows = await hourRows(user.id);
    expect(rows.map((row) => [row.hour.toISOString(), row.kind, row.subjectId])).toEqual([
      ['2026-01-10T01:00:00.000Z', 'dynamic', user.id],
      ['2026-01-10T02:00:00.000Z', 'dynamic', user.id],
    ]);
    expect(rows.map((row) => row.bytesUp + row.bytesDown)).toEqual([700n, 200n]);
    expect(rows.map((row) => row.overageBytes)).toEqual([0n, 0n]);
  });

  it('stops at zero, marks packages exhausted and records the overage by hour', async () => {
    const { user, token } = await registerDynamicUser();
    const onlyPackage = await insertTrafficPackage(db(), {
      userId: user.id,
      totalBytes: 1000n,
      expiresAt: inDays(30),
    });
    await sendUsage(testApp.app, node.apiKey, randomUUID(), [
      dynamic(user.id, 800, '2026-01-10T01:00:00Z'),
      dynamic(user.id, 700, '2026-01-10T02:00:00Z'),
    ]);
    await sendUsage(testApp.app, node.apiKey, randomUUID(), [
      dynamic(user.id, 100, '2026-01-10T03:00:00Z'),
    ]);
    expect(await findTrafficPackage(db(), onlyPackage)).toMatchObject({
      usedBytes: 1000n,
      status: 'exhausted',
    });
    const rows = await hourRows(user.id);
    expect(rows.map((row) => row.overageBytes)).toEqual([0n, 500n, 100n]);
    expect(rows.map((row) => row.bytesUp + row.bytesDown)).toEqual([800n, 700n, 100n]);
    // What the customer sees: nothing left, never a negative remainder.
    const listed = await callEndpoint(testApp.app, listTrafficPackages, { token });
    expect(listed.data().items).toEqual([
      expect.objectContaining({
        id: onlyPackage,
        totalBytes: 1000,
        usedBytes: 1000,
        remainingBytes: 0,
        status: 'exhausted',
      }),
    ]);
  });

  it('applies a batch once however often it is sent', async () => {
    const { user } = await registerDynamicUser();
    const sequential = await insertTrafficPackage(db(), {
      userId: user.id,
      totalBytes: 10_000n,
      expiresAt: inDays(30),
    });
    const batchId = randomUUID();
    const records = [dynamic(user.id, 1000, '2026-02-01T00:30:00Z')];
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      answers.push((await sendUsage(testApp.app, node.apiKey, batchId, records)).data());
    }
    expect(answers).toEqual([
      { batchId, duplicate: false, applied: 1, ignored: 0, notOnNode: 0 },
      { batchId, duplicate: true, applied: 0, ignored: 0, notOnNode: 0 },
      { batchId, duplicate: true, applied: 0, ignored: 0, notOnNode: 0 },
    ]);
    expect((await findTrafficPackage(db(), sequential)).usedBytes).toBe(1000n);

    // Concurrent deliveries: on PostgreSQL real parallel transactions meet at the batch key.
    const concurrentId = randomUUID();
    const concurrent = await Promise.all(
      [0, 1, 2].map(() =>
        sendUsage(testApp.app, node.apiKey, concurrentId, [
          dynamic(user.id, 2000, '2026-02-01T00:40:00Z'),
        ]),
      ),
    );
    expect(concurrent.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const flags = concurrent.map((response) => response.data().duplicate).sort();
    expect(flags).toEqual([false, true, true]);
    expect((await findTrafficPackage(db(), sequential)).usedBytes).toBe(3000n);
    const [row] = await hourRows(user.id);
    expect(row ? row.bytesUp + row.bytesDown : 0n).toBe(3000n);

    // The key is per node: another node's batch with the same id is its own.
    const other = await addTestNode(db());
    const fromOther = await sendUsage(testApp.app, other.apiKey, batchId, records);
    expect(fromOther.data().duplicate).toBe(false);
    const batches = await db()
      .select()
      .from(usageBatches)
      .where(and(eq(usageBatches.batchId, batchId)));
    expect(batches).toHaveLength(2);
  });

  it('lets batches touching the same users in opposite orders run at once', async () => {
    const first = (await registerDynamicUser()).user.id;
    const second = (await registerDynamicUser()).user.id;
    const packages = [];
    for (const userId of [first, second]) {
      for (const days of [3, 6]) {
        packages.push(
          await insertTrafficPackage(db(), {
            userId,
            totalBytes: 1_000_000n,
            expiresAt: inDays(days),
          }),
        );
      }
    }
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) => {
        const users = index % 2 === 0 ? [first, second] : [second, first];
        return sendUsage(
          testApp.app,
          node.apiKey,
          randomUUID(),
          users.flatMap((userId) => [
            dynamic(userId, 100, '2026-04-01T05:00:00Z'),
            dynamic(userId, 100, '2026-04-01T04:00:00Z'),
          ]),
        );
      }),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    const used = await Promise.all(
      packages.map(async (id) => (await findTrafficPackage(db(), id)).usedBytes),
    );
    expect(used).toEqual([1600n, 0n, 1600n, 0n]);
  });

  it('accepts a full batch of the most records a batch may carry', async () => {
    const { user } = await registerDynamicUser();
    const records = Array.from({ length: MAX_USAGE_RECORDS }, (_, index) =>
      dynamic(user.id, 10, `2026-03-01T0${index % 3}:00:00Z`),
    );
    const response = await sendUsage(testApp.app, node.apiKey, randomUUID(), records);
    expect(response.statusCode).toBe(200);
    expect(response.data()).toMatchObject({ applied: MAX_USAGE_RECORDS, ignored: 0 });
    const rows = await hourRows(user.id);
    expect(rows).toHaveLength(3);
    expect(rows.reduce((sum, row) => sum + row.bytesUp + row.bytesDown, 0n)).toBe(50_000n);
    expect(rows.reduce((sum, row) => sum + row.overageBytes, 0n)).toBe(50_000n);
  });

  it('skips records naming unknown subjects and still acknowledges the batch', async () => {
    const { user } = await registerDynamicUser();
    // A customer who never opened a dynamic account cannot have dynamic usage.
    const withoutAccount = (await registerCustomer(testApp)).user;
    const response = await sendUsage(testApp.app, node.apiKey, randomUUID(), [
      dynamic(withoutAccount.id, 10, '2026-01-10T00:00:00Z'),
      {
        kind: 'static',
        subject: randomUUID(),
        bytesUp: 1,
        bytesDown: 1,
        at: '2026-01-10T00:00:00Z',
      },
      dynamic(randomUUID(), 10, '2026-01-10T00:00:00Z'),
      // A user id is not an instance id.
      { kind: 'static', subject: user.id, bytesUp: 1, bytesDown: 1, at: '2026-01-10T00:00:00Z' },
      dynamic(user.id, 10, '2026-01-10T00:00:00Z'),
    ]);
    expect(response.data()).toEqual({
      batchId: expect.any(String),
      duplicate: false,
      applied: 1,
      ignored: 4,
      notOnNode: 0,
    });
    expect(await hourRows(user.id)).toHaveLength(1);
    expect(await hourRows(withoutAccount.id)).toEqual([]);
  });

  it('refuses missing, unknown and disabled node keys, and customer tokens', async () => {
    const customer = await registerCustomer(testApp);
    const disabled = await addTestNode(db());
    await disableNode(db(), disabled.id);
    const keys = [
      null,
      `gnk_${'x'.repeat(43)}`,
      disabled.apiKey,
      customer.token,
      customer.user.apiToken,
    ];
    for (const key of keys) {
      const response = await sendUsage(testApp.app, key, randomUUID(), []);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(errors.nodeKeyInvalid.code);
    }
    // …and a node key is no customer credential.
    const asCustomer = await callEndpoint(testApp.app, getWallet, { token: node.apiKey });
    expect(asCustomer.statusCode).toBe(401);
    expect(asCustomer.json().code).toBe(errors.unauthorized.code);
  });
});
