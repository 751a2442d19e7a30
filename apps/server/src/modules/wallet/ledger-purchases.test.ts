import {
  createStaticIpOrder,
  listTransactions,
  renewInstance,
  type EndpointDefinition,
} from '@stratus/contract';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { creditWallet } from '../../../test/wallet.ts';
import { seedStaticIpPlan } from '../../../test/catalog.ts';
import { callEndpoint, type CallOptions } from '../../../test/call-endpoint.ts';

// 账单流水 says what each static-IP debit bought: the region, line, count and duration of a
// purchase (the one-statement path of one IP and the pipeline of several alike), the IP of a
// renewal; on screen and in the CSV file, in the reader's language.
describe.each(testEngines)('what static-IP debits say in the ledger on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  const call = <E extends EndpointDefinition>(
    token: string,
    endpoint: E,
    options: CallOptions<E>,
  ) => callEndpoint(testApp.app, endpoint, { token, ...options });

  it('names the region, line, quantity and duration of purchases and the IP of a renewal', async () => {
    const { token, user } = await registerCustomer(testApp);
    await creditWallet(testApp.database.db, { userId: user.id, amountFen: 100_000n });
    const plan = await seedStaticIpPlan(testApp.database.db, { stock: 4 });
    const one = await call(token, createStaticIpOrder, {
      body: { planId: plan.planId, durationDays: 30, quantity: 1 },
    });
    expect(one.statusCode).toBe(200);
    const two = await call(token, createStaticIpOrder, {
      body: { planId: plan.planId, durationDays: 90, quantity: 2 },
    });
    expect(two.statusCode).toBe(200);
    const instance = one.data().instances[0]!;
    const renewed = await call(token, renewInstance, {
      params: { id: instance.id },
      body: { durationDays: 30 },
    });
    expect(renewed.statusCode).toBe(200);

    const zh = await call(token, listTransactions, { headers: { 'accept-language': 'zh-CN' } });
    // The credit that paid for them comes last (oldest).
    const rows = zh.data().items.slice(0, 3);
    expect(rows.map((row) => [row.type, row.reference])).toEqual([
      ['renewal', renewed.data().order.orderNo],
      ['static_ip_purchase', two.data().order.orderNo],
      ['static_ip_purchase', one.data().order.orderNo],
    ]);
    const tokyo = {
      countryNameZh: '日本',
      countryNameEn: 'Japan',
      cityNameZh: '东京',
      cityNameEn: 'Tokyo',
      lineType: 'isp_residential',
    };
    expect(rows.map((row) => row.purchase)).toEqual([
      { ...tokyo, quantity: 1, durationDays: 30, ips: [instance.ip] },
      { ...tokyo, quantity: 2, durationDays: 90, ips: [] },
      { ...tokyo, quantity: 1, durationDays: 30, ips: [] },
    ]);

    const csv = async (language: string) =>
      (
        await call(token, listTransactions, {
          query: { format: 'csv' },
          headers: { 'accept-language': language },
        })
      ).body
        .slice(1)
        .trimEnd()
        .split('\r\n')
        .slice(1, 4)
        .map((line) => line.split(',').slice(5).join(','));
    expect(await csv('zh-CN')).toEqual([
      `${instance.ip} 续费 30 天`,
      '日本 东京 · ISP住宅 × 2，90 天',
      '日本 东京 · ISP住宅 × 1，30 天',
    ]);
    expect(await csv('en-US')).toEqual([
      `${instance.ip} renewed for 30 days`,
      '"Tokyo, Japan · ISP residential × 2, 90 days"',
      '"Tokyo, Japan · ISP residential × 1, 30 days"',
    ]);
  });
});
