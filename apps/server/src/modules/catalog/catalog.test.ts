import { listStaticIpCatalog } from '@stratus/contract';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { seedStaticIpPlan } from '../../../test/catalog.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';

describe.each(testEngines)('static-IP catalog on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  const catalog = (token: string, language?: string) =>
    callEndpoint(testApp.app, listStaticIpCatalog, {
      token,
      headers: { ...(language ? { 'accept-language': language } : {}) },
    });

  it('needs a session', async () => {
    const response = await callEndpoint(testApp.app, listStaticIpCatalog);
    expect(response.statusCode).toBe(401);
  });

  it('lists active plans with stock, prices in yuan and names in the request language', async () => {
    const { token } = await registerCustomer(testApp);
    const seeded = await seedStaticIpPlan(testApp.database.db, {
      stock: 3,
      pricesFen: { 30: 3050n, 365: 30000n },
    });
    // Another line type in the same region does not count towards this plan's stock.
    await seedStaticIpPlan(testApp.database.db, { lineType: 'datacenter', stock: 7 });

    const english = await catalog(token, 'en-US');
    expect(english.statusCode).toBe(200);
    const item = (english.data().items as { id: string }[]).find(
      (plan) => plan.id === seeded.planId,
    );
    expect(item).toEqual({
      id: seeded.planId,
      country: 'JP',
      countryName: 'Japan',
      city: 'Tokyo',
      lineType: 'isp_residential',
      protocols: ['socks5', 'http', 'vmess'],
      unavailableProtocols: [],
      stock: 3,
      prices: [
        { durationDays: 30, price: 30.5 },
        { durationDays: 365, price: 300 },
      ],
    });

    const chinese = await catalog(token);
    const zhItem = (chinese.data().items as { id: string }[]).find(
      (plan) => plan.id === seeded.planId,
    );
    expect(zhItem).toMatchObject({ countryName: '日本', city: '东京', stock: 3 });
  });
});
