import { randomUUID } from 'node:crypto';
import { errors, getTrafficUsage } from '@stratus/contract';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import {
  addTestNode,
  insertDynamicAccount,
  insertInstance,
  sendUsage,
} from '../../../test/usage.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';

interface Bucket {
  at: string;
  bytesUp: number;
  bytesDown: number;
}

describe.each(testEngines)('traffic usage series on %s', (engine) => {
  let testApp: TestApp;
  let token: string;
  let firstInstance: string;
  let otherUsersInstance: string;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
    const db = testApp.database.db;
    const node = await addTestNode(db);
    const customer = await registerCustomer(testApp);
    token = customer.token;
    // The instances' IPs are the node's, so it serves them and has a dynamic pool.
    firstInstance = await insertInstance(db, { userId: customer.user.id, nodeId: node.id });
    const secondInstance = await insertInstance(db, { userId: customer.user.id, nodeId: node.id });
    const stranger = await registerCustomer(testApp);
    otherUsersInstance = await insertInstance(db, { userId: stranger.user.id, nodeId: node.id });
    await insertDynamicAccount(db, customer.user.id);
    await insertDynamicAccount(db, stranger.user.id);
    const response = await sendUsage(testApp.app, node.apiKey, randomUUID(), [
      {
        kind: 'static',
        subject: firstInstance,
        bytesUp: 100,
        bytesDown: 200,
        at: '2026-01-10T01:15:00Z',
      },
      {
        kind: 'static',
        subject: firstInstance,
        bytesUp: 10,
        bytesDown: 20,
        at: '2026-01-10T01:45:00Z',
      },
      {
        kind: 'static',
        subject: secondInstance,
        bytesUp: 5,
        bytesDown: 5,
        at: '2026-01-10T03:00:00Z',
      },
      {
        kind: 'dynamic',
        subject: customer.user.id,
        bytesUp: 1000,
        bytesDown: 2000,
        at: '2026-01-10T17:30:00Z',
      },
      {
        kind: 'dynamic',
        subject: customer.user.id,
        bytesUp: 1,
        bytesDown: 1,
        at: '2026-01-11T02:00:00Z',
      },
      // Someone else's usage in the same hours never shows.
      {
        kind: 'static',
        subject: otherUsersInstance,
        bytesUp: 7,
        bytesDown: 7,
        at: '2026-01-10T01:00:00Z',
      },
      {
        kind: 'dynamic',
        subject: stranger.user.id,
        bytesUp: 7,
        bytesDown: 7,
        at: '2026-01-10T17:00:00Z',
      },
    ]);
    expect(response.data().applied).toBe(7);
  });
  afterAll(() => testApp?.close());

  const usage = (query: Record<string, string | number>, headers: object = {}) =>
    callEndpoint(testApp.app, getTrafficUsage, {
      token,
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
      headers: { ...headers },
    });
  const series = async (query: Record<string, string | number>) => {
    const response = await usage(query);
    expect(response.statusCode).toBe(200);
    return response.data() as {
      from: string;
      to: string;
      buckets: Bucket[];
      totals: { bytesUp: number; bytesDown: number };
    };
  };
  const compact = (buckets: Bucket[]) =>
    buckets.map((bucket) => [bucket.at, bucket.bytesUp, bucket.bytesDown]);

  it('answers zero-filled hour buckets with exactly the metered bytes', async () => {
    const data = await series({ from: '2026-01-10T00:00:00Z', to: '2026-01-10T05:00:00Z' });
    expect(compact(data.buckets)).toEqual([
      ['2026-01-10T00:00:00.000Z', 0, 0],
      ['2026-01-10T01:00:00.000Z', 110, 220],
      ['2026-01-10T02:00:00.000Z', 0, 0],
      ['2026-01-10T03:00:00.000Z', 5, 5],
      ['2026-01-10T04:00:00.000Z', 0, 0],
    ]);
    expect(data.totals).toEqual({ bytesUp: 115, bytesDown: 225 });

    // A `from` inside an hour starts at that hour; the bound may carry an offset.
    const shifted = await series({ from: '2026-01-10T09:30:00+08:00', to: '2026-01-10T03:00:00Z' });
    expect(compact(shifted.buckets)).toEqual([
      ['2026-01-10T01:00:00.000Z', 110, 220],
      ['2026-01-10T02:00:00.000Z', 0, 0],
    ]);
  });

  it('narrows to one instance or one kind', async () => {
    const range = { from: '2026-01-10T00:00:00Z', to: '2026-01-10T18:00:00Z' };
    const single = await series({ ...range, instanceId: firstInstance });
    expect(single.totals).toEqual({ bytesUp: 110, bytesDown: 220 });
    const dynamic = await series({ ...range, kind: 'dynamic' });
    expect(dynamic.totals).toEqual({ bytesUp: 1000, bytesDown: 2000 });
    expect(dynamic.buckets.at(-1)).toEqual({
      at: '2026-01-10T17:00:00.000Z',
      bytesUp: 1000,
      bytesDown: 2000,
    });
    const staticOnly = await series({ ...range, kind: 'static' });
    expect(staticOnly.totals).toEqual({ bytesUp: 115, bytesDown: 225 });
    const instanceDynamic = await series({ ...range, instanceId: firstInstance, kind: 'dynamic' });
    expect(instanceDynamic.totals).toEqual({ bytesUp: 0, bytesDown: 0 });

    for (const instanceId of [otherUsersInstance, randomUUID()]) {
      const response = await usage({ ...range, instanceId });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(errors.instanceNotFound.code);
    }
  });

  it('starts day buckets at midnight in the business time zone, whatever the caller’s clock', async () => {
    // China (the default business zone): 17:30 UTC on the 10th is already the 11th.
    const china = await series({
      granularity: 'day',
      from: '2026-01-10T00:00:00+08:00',
      to: '2026-01-12T00:00:00+08:00',
    });
    expect(compact(china.buckets)).toEqual([
      ['2026-01-09T16:00:00.000Z', 115, 225],
      ['2026-01-10T16:00:00.000Z', 1001, 2001],
    ]);
    // Asked from New York's mid-day: the first bucket is still that whole China day.
    const fromNewYork = await series({
      granularity: 'day',
      from: '2026-01-09T18:00:00-05:00',
      to: '2026-01-12T00:00:00+08:00',
    });
    expect(fromNewYork.from).toBe('2026-01-09T16:00:00.000Z');
    expect(compact(fromNewYork.buckets)).toEqual(compact(china.buckets));
  });

  it('defaults to the last 7 days by hour or 30 days by day', async () => {
    const hourly = await series({});
    expect(hourly.buckets.length).toBeGreaterThanOrEqual(168);
    expect(hourly.buckets.length).toBeLessThanOrEqual(169);
    expect(hourly.totals).toEqual({ bytesUp: 0, bytesDown: 0 });
    const daily = await series({ granularity: 'day' });
    expect(daily.buckets.length).toBeGreaterThanOrEqual(30);
    expect(daily.buckets.length).toBeLessThanOrEqual(31);
  });

  it('refuses inverted and oversized ranges', async () => {
    const inverted = await usage({ from: '2026-01-10T00:00:00Z', to: '2026-01-10T00:00:00Z' });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().code).toBe(errors.usageRangeInvalid.code);

    const hours = await usage(
      { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:01Z' },
      { 'accept-language': 'en-US' },
    );
    expect(hours.statusCode).toBe(400);
    expect(hours.json()).toMatchObject({
      code: errors.usageRangeTooLarge.code,
      message: 'The time range is too large; at most 31 days',
    });
    const thirtyOneDays = await usage({ from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' });
    expect(thirtyOneDays.statusCode).toBe(200);

    const days = await usage({
      granularity: 'day',
      from: '2025-01-01T00:00:00Z',
      to: '2026-01-03T00:00:00Z',
    });
    expect(days.json().code).toBe(errors.usageRangeTooLarge.code);

    const anonymous = await callEndpoint(testApp.app, getTrafficUsage);
    expect(anonymous.statusCode).toBe(401);
  });

  it('downloads the series as a CSV file in the caller’s language', async () => {
    const range = { from: '2026-01-10T01:00:00Z', to: '2026-01-10T03:00:00Z', format: 'csv' };
    const english = await usage(range, { 'accept-language': 'en-US' });
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(english.headers['content-disposition']).toMatch(
      /^attachment; filename="traffic-usage-\d{8}\.csv"$/,
    );
    expect(english.body).toBe(
      '\uFEFFTime (UTC+8),Upload (bytes),Download (bytes),Total (bytes)\r\n' +
        '2026-01-10 09:00,110,220,330\r\n' +
        '2026-01-10 10:00,0,0,0\r\n',
    );
    const chinese = await usage(range, { 'accept-language': 'zh-CN' });
    expect(chinese.body).toBe(
      '\uFEFF时间 (UTC+8),上传（字节）,下载（字节）,合计（字节）\r\n' +
        '2026-01-10 09:00,110,220,330\r\n' +
        '2026-01-10 10:00,0,0,0\r\n',
    );
  });
});
