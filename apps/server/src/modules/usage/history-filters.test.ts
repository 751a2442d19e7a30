import { randomUUID } from 'node:crypto';
import { createSubUser, errors, getTrafficUsage } from '@stratus/contract';
import { trafficPackageUsageHourly, usageHourly } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { insertInstance, insertTrafficPackage } from '../../../test/usage.ts';

const DAY_MS = 86_400_000;
const range = { from: '2026-02-01T00:00:00Z', to: '2026-02-01T04:00:00Z' };
const hour = (index: number) => new Date(Date.parse(range.from) + index * 3_600_000);

// The metering writes these rows (per package and per sub-user); here they are put in directly,
// so the history's reading is tested on its own.
describe.each(testEngines)('traffic history filters on %s', (engine) => {
  let testApp: TestApp;
  let token: string;
  let packageId: string;
  let otherPackageId: string;
  let subUserId: string;
  let strangersSubUserId: string;
  let strangersPackageId: string;
  let instanceId: string;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
    const db = testApp.database.db;
    const customer = await registerCustomer(testApp);
    const stranger = await registerCustomer(testApp);
    token = customer.token;
    const expiresAt = new Date(Date.now() + 30 * DAY_MS);
    const userId = customer.user.id;
    packageId = await insertTrafficPackage(db, { userId, totalBytes: 10_000n, expiresAt });
    otherPackageId = await insertTrafficPackage(db, { userId, totalBytes: 10_000n, expiresAt });
    strangersPackageId = await insertTrafficPackage(db, {
      userId: stranger.user.id,
      totalBytes: 10_000n,
      expiresAt,
    });
    instanceId = await insertInstance(db, { userId });
    subUserId = (
      await callEndpoint(testApp.app, createSubUser, { token, body: { name: 'crawler' } })
    ).data().id;
    strangersSubUserId = (
      await callEndpoint(testApp.app, createSubUser, {
        token: stranger.token,
        body: { name: 'crawler' },
      })
    ).data().id;
    await db.insert(trafficPackageUsageHourly).values([
      { hour: hour(0), packageId, userId, bytes: 300n },
      { hour: hour(2), packageId, userId, bytes: 50n },
      { hour: hour(1), packageId: otherPackageId, userId, bytes: 999n },
      { hour: hour(1), packageId: strangersPackageId, userId: stranger.user.id, bytes: 7n },
    ]);
    await db.insert(usageHourly).values([
      {
        hour: hour(1),
        kind: 'dynamic',
        subjectId: subUserId,
        userId,
        bytesUp: 10n,
        bytesDown: 90n,
      },
      { hour: hour(1), kind: 'dynamic', subjectId: userId, userId, bytesUp: 1n, bytesDown: 2n },
      { hour: hour(3), kind: 'static', subjectId: instanceId, userId, bytesUp: 4n, bytesDown: 5n },
    ]);
  });
  afterAll(() => testApp?.close());

  const usage = (query: Record<string, string>, language = 'en-US') =>
    callEndpoint(testApp.app, getTrafficUsage, {
      token,
      rawQuery: { ...range, ...query },
      headers: { 'accept-language': language },
    });
  const compact = (response: Awaited<ReturnType<typeof usage>>) => {
    expect(response.statusCode).toBe(200);
    const data = response.data();
    return {
      buckets: data.buckets.map((bucket) => [bucket.bytesUp, bucket.bytesDown]),
      totals: data.totals,
    };
  };

  it('shows one package’s drawn bytes as downloaded bytes', async () => {
    expect(compact(await usage({ packageId }))).toEqual({
      buckets: [
        [0, 300],
        [0, 0],
        [0, 50],
        [0, 0],
      ],
      totals: { bytesUp: 0, bytesDown: 350 },
    });
  });

  it('shows one sub-user’s usage apart from the account’s own', async () => {
    expect(compact(await usage({ subUserId }))).toEqual({
      buckets: [
        [0, 0],
        [10, 90],
        [0, 0],
        [0, 0],
      ],
      totals: { bytesUp: 10, bytesDown: 90 },
    });
    expect((await usage({ subUserId, kind: 'static' })).data().totals).toEqual({
      bytesUp: 0,
      bytesDown: 0,
    });
    // Unfiltered, the dynamic total holds the account's and the sub-user's bytes.
    expect((await usage({ kind: 'dynamic' })).data().totals).toEqual({
      bytesUp: 11,
      bytesDown: 92,
    });
  });

  it('downloads a filtered CSV', async () => {
    const response = await usage({ packageId, format: 'csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines.slice(1).map((line) => line.split(',').slice(1))).toEqual([
      ['0', '300', '300'],
      ['0', '0', '0'],
      ['0', '50', '50'],
      ['0', '0', '0'],
    ]);
  });

  it('answers 404 for another customer’s package or sub-user', async () => {
    for (const [query, code] of [
      [{ packageId: strangersPackageId }, errors.trafficPackageNotFound.code],
      [{ packageId: randomUUID() }, errors.trafficPackageNotFound.code],
      [{ subUserId: strangersSubUserId }, errors.subUserNotFound.code],
      [{ subUserId: randomUUID() }, errors.subUserNotFound.code],
    ] as const) {
      const response = await usage(query);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(code);
    }
  });

  it('refuses filters that cannot be combined', async () => {
    for (const [query, filters] of [
      [{ instanceId, packageId }, 'instanceId, packageId'],
      [{ packageId, subUserId }, 'packageId, subUserId'],
      [{ instanceId, subUserId }, 'instanceId, subUserId'],
      [{ packageId, kind: 'dynamic' }, 'packageId, kind'],
    ] as const) {
      const response = await usage(query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: errors.usageFiltersConflict.code,
        message: `The filters ${filters} cannot be used together`,
      });
    }
    const zh = await usage({ instanceId, packageId }, 'zh-CN');
    expect(zh.json().message).toBe('筛选条件 instanceId, packageId 不能同时使用');
  });
});
