import { randomUUID } from 'node:crypto';
import { getTrafficUsage, reportNodeUsage } from '@stratus/contract';
import {
  eq,
  ipAllowlistEntries,
  subUsers,
  trafficPackageUsageHourly,
  usageHourly,
} from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import {
  addNodeAddress,
  addTestNode,
  findTrafficPackage,
  insertAllowlistEntry,
  insertDynamicAccount,
  insertSubUser,
  insertTrafficPackage,
  sendUsage,
  type TestUsageRecord,
} from '../../../test/usage.ts';

const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);
// Recent hours, so the traffic-usage series (last 7 days) covers them.
const hourAgo = (hours: number, minute = 10) => {
  const at = new Date(Math.floor(Date.now() / 3_600_000 - hours) * 3_600_000 + minute * 60_000);
  return at.toISOString();
};

describe.each(testEngines)('customer-access metering on %s', (engine) => {
  let testApp: TestApp;
  let node: { id: string; apiKey: string };
  beforeAll(async () => {
    testApp = await createTestApp(engine);
    node = await addTestNode(testApp.database.db);
    await addNodeAddress(testApp.database.db, node.id);
  });
  afterAll(() => testApp?.close());

  const db = () => testApp.database.db;
  const subUserRecord = (subject: string, bytes: number, at: string): TestUsageRecord => ({
    kind: 'sub_user',
    subject,
    bytesUp: 10,
    bytesDown: bytes - 10,
    at,
  });
  const registerHolder = async () => {
    const registered = await registerCustomer(testApp);
    await insertDynamicAccount(db(), registered.user.id);
    return registered;
  };

  it('draws sub-user bytes from the owner’s packages exactly once, with overage and package hours', async () => {
    const { user, token } = await registerHolder();
    const sooner = await insertTrafficPackage(db(), {
      userId: user.id,
      totalBytes: 500n,
      expiresAt: inDays(3),
    });
    const later = await insertTrafficPackage(db(), {
      userId: user.id,
      totalBytes: 300n,
      expiresAt: inDays(9),
    });
    const subUser = await insertSubUser(db(), { userId: user.id, capBytes: 10_000n });
    const firstHour = hourAgo(2);
    const secondHour = hourAgo(1);
    const records = [
      subUserRecord(subUser.id, 400, firstHour),
      { kind: 'dynamic' as const, subject: user.id, bytesUp: 100, bytesDown: 200, at: firstHour },
      subUserRecord(subUser.id, 250, secondHour),
    ];
    const batchId = randomUUID();
    const first = await sendUsage(testApp.app, node.apiKey, batchId, records);
    expect(first.statusCode).toBe(200);
    expect(first.data()).toMatchObject({ duplicate: false, applied: 3, ignored: 0, notOnNode: 0 });
    const repeat = await sendUsage(testApp.app, node.apiKey, batchId, records);
    expect(repeat.data()).toMatchObject({ duplicate: true, applied: 0 });

    const [stored] = await db().select().from(subUsers).where(eq(subUsers.id, subUser.id));
    expect(stored?.usedBytes).toBe(650n);
    // 950 bytes against 800 in packages: the second hour's sub-user row carries the 150 over.
    expect((await findTrafficPackage(db(), sooner)).usedBytes).toBe(500n);
    expect((await findTrafficPackage(db(), later)).usedBytes).toBe(300n);
    const hours = await db().select().from(usageHourly).where(eq(usageHourly.userId, user.id));
    const subUserRows = hours.filter((row) => row.subjectId === subUser.id);
    expect(subUserRows.map((row) => row.kind)).toEqual(['dynamic', 'dynamic']);
    expect(subUserRows.reduce((sum, row) => sum + row.bytesUp + row.bytesDown, 0n)).toBe(650n);
    expect(hours.reduce((sum, row) => sum + row.overageBytes, 0n)).toBe(150n);
    const packageHours = await db()
      .select()
      .from(trafficPackageUsageHourly)
      .where(eq(trafficPackageUsageHourly.userId, user.id));
    expect(
      packageHours
        .map((row) => ({
          packageId: row.packageId,
          hour: row.hour.toISOString(),
          bytes: row.bytes,
        }))
        .sort((a, b) => (a.hour + a.packageId < b.hour + b.packageId ? -1 : 1)),
    ).toEqual(
      [
        { packageId: sooner, hour: firstHour.slice(0, 13) + ':00:00.000Z', bytes: 500n },
        { packageId: later, hour: firstHour.slice(0, 13) + ':00:00.000Z', bytes: 200n },
        { packageId: later, hour: secondHour.slice(0, 13) + ':00:00.000Z', bytes: 100n },
      ].sort((a, b) => (a.hour + a.packageId < b.hour + b.packageId ? -1 : 1)),
    );

    // The account's dynamic series includes its sub-users' bytes.
    const series = await callEndpoint(testApp.app, getTrafficUsage, {
      token,
      query: { kind: 'dynamic' },
    });
    expect(series.statusCode).toBe(200);
    const { bytesUp, bytesDown } = series.data().totals;
    expect(bytesUp + bytesDown).toBe(950);
  });

  it('counts concurrent batches of two sub-users of one owner exactly, repeats of one id once', async () => {
    const { user } = await registerHolder();
    const packageId = await insertTrafficPackage(db(), {
      userId: user.id,
      totalBytes: 1_000_000n,
      expiresAt: inDays(4),
    });
    const first = await insertSubUser(db(), { userId: user.id });
    const second = await insertSubUser(db(), { userId: user.id });
    const at = hourAgo(1);
    const repeatedId = randomUUID();
    // Distinct batches touching both sub-users in opposite orders, and one batch sent three times.
    const responses = await Promise.all([
      sendUsage(testApp.app, node.apiKey, randomUUID(), [
        subUserRecord(first.id, 1000, at),
        subUserRecord(second.id, 2000, at),
      ]),
      sendUsage(testApp.app, node.apiKey, randomUUID(), [
        subUserRecord(second.id, 3000, at),
        subUserRecord(first.id, 4000, at),
      ]),
      ...[0, 1, 2].map(() =>
        sendUsage(testApp.app, node.apiKey, repeatedId, [subUserRecord(first.id, 500, at)]),
      ),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const used = async (id: string) =>
      (await db().select().from(subUsers).where(eq(subUsers.id, id)))[0]?.usedBytes;
    expect(await used(first.id)).toBe(5500n);
    expect(await used(second.id)).toBe(5000n);
    expect((await findTrafficPackage(db(), packageId)).usedBytes).toBe(10_500n);
    const [packageHour] = await db()
      .select()
      .from(trafficPackageUsageHourly)
      .where(eq(trafficPackageUsageHourly.packageId, packageId));
    expect(packageHour?.bytes).toBe(10_500n);
  });

  it('skips unknown sub-users, and those reported by a node without a dynamic pool', async () => {
    const { user } = await registerHolder();
    const unknown = randomUUID();
    const response = await sendUsage(testApp.app, node.apiKey, randomUUID(), [
      subUserRecord(unknown, 100, hourAgo(1)),
    ]);
    expect(response.data()).toMatchObject({ applied: 0, ignored: 1 });
    const bare = await addTestNode(db());
    const subUser = await insertSubUser(db(), { userId: user.id });
    const offNode = await sendUsage(testApp.app, bare.apiKey, randomUUID(), [
      subUserRecord(subUser.id, 100, hourAgo(1)),
    ]);
    expect(offNode.data()).toMatchObject({ applied: 0, notOnNode: 1 });
    const [stored] = await db().select().from(subUsers).where(eq(subUsers.id, subUser.id));
    expect(stored?.usedBytes).toBe(0n);
  });

  it('moves allowlist entries’ last use forward only, and skips removed entries', async () => {
    const { user } = await registerHolder();
    const entryId = await insertAllowlistEntry(db(), { userId: user.id, cidr: '203.0.113.9/32' });
    const send = (uses: { entryId: string; at: string }[]) =>
      callEndpoint(testApp.app, reportNodeUsage, {
        body: { batchId: randomUUID(), records: [], allowlistUsed: uses },
        headers: { authorization: `Bearer ${node.apiKey}` },
      });
    const lastUsed = async () =>
      (await db().select().from(ipAllowlistEntries).where(eq(ipAllowlistEntries.id, entryId)))[0]
        ?.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    const later = '2026-03-01T10:00:00.000Z';
    const earlier = '2026-03-01T09:00:00.000Z';
    const first = await send([
      { entryId, at: earlier },
      { entryId, at: later },
      { entryId: randomUUID(), at: later },
    ]);
    expect(first.statusCode).toBe(200);
    expect((await lastUsed())?.toISOString()).toBe(later);
    await send([{ entryId, at: earlier }]);
    expect((await lastUsed())?.toISOString()).toBe(later);
  });
});
