import { listStaticIpCatalog, listTrafficCatalog } from '@stratus/contract';
import {
  gatewayNodes,
  ipAddresses,
  planPrices,
  regions,
  staticIpPlans,
  trafficPlans,
} from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { CLI_ACTOR } from '../modules/audit/public.ts';
import { importIps } from '../modules/inventory/public.ts';
import { addGatewayNode } from '../modules/nodes/public.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { registerCustomer } from '../../test/accounts.ts';
import { demoAddress, demoPrices, demoTrafficPlans } from './demo-catalog.ts';
import {
  loadDemoCatalogOnStart,
  loadDemoTrafficPlansOnStart,
  seedDemoCatalog,
  seedDemoTrafficPlans,
} from './seed.ts';
import { callEndpoint } from '../../test/call-endpoint.ts';

describe('DEMO_SEED', () => {
  it('is on by default outside production, off in production, and follows 0/1', () => {
    const secret = { SECRET_KEY: 'x'.repeat(32) };
    expect(loadConfig({}).demoSeed).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', ...secret }).demoSeed).toBe(false);
    expect(loadConfig({ DEMO_SEED: '0' }).demoSeed).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_SEED: '1', ...secret }).demoSeed).toBe(true);
    expect(() => loadConfig({ DEMO_SEED: 'yes' })).toThrow(/DEMO_SEED: must be 0 or 1/);
  });
});

describe('demo catalog prices', () => {
  it('are cheaper per day for longer durations, and cheaper on datacenter lines', () => {
    for (const prices of Object.values(demoPrices)) {
      const perDay = Object.entries(prices).map(([days, fen]) => Number(fen) / Number(days));
      expect(perDay).toEqual([...perDay].sort((a, b) => b - a));
    }
    for (const days of [30, 90, 180, 365]) {
      expect(demoPrices.datacenter[days]).toBeLessThan(demoPrices.isp_residential[days] ?? 0n);
    }
  });

  it('make bigger traffic packages cheaper per GB', () => {
    const perGb = demoTrafficPlans.map((plan) => Number(plan.priceFen) / plan.gb);
    expect(perGb).toEqual([...perGb].sort((a, b) => b - a));
  });

  it('give each demo IP its own loopback address', () => {
    expect([demoAddress(0), demoAddress(253), demoAddress(254)]).toEqual([
      '127.0.0.2',
      '127.0.0.255',
      '127.0.1.0',
    ]);
  });
});

describe.each(testEngines)('demo seed on %s', (engine) => {
  let testApp: TestApp;
  beforeEach(async () => {
    testApp = await createTestApp(engine);
  });
  afterEach(() => testApp?.close());

  const db = () => testApp.database.db;
  async function counts() {
    return {
      nodes: await db().$count(gatewayNodes),
      regions: await db().$count(regions),
      plans: await db().$count(staticIpPlans),
      prices: await db().$count(planPrices),
      ips: await db().$count(ipAddresses),
    };
  }

  it('loads the demo catalog into an empty database once', async () => {
    const report = await seedDemoCatalog({ db: db() });
    expect(report).toEqual({
      seeded: true,
      node: 'demo-gateway',
      regions: 4,
      plans: 8,
      prices: 32,
      ips: 206,
    });
    expect(await counts()).toEqual({ nodes: 1, regions: 4, plans: 8, prices: 32, ips: 206 });

    const [node] = await db().select().from(gatewayNodes);
    expect(node).toMatchObject({ name: 'demo-gateway', host: '127.0.0.1', status: 'active' });
    const ips = await db().select().from(ipAddresses);
    expect(new Set(ips.map((ip) => ip.address)).size).toBe(206);
    expect(ips.every((ip) => ip.address.startsWith('127.0.') && ip.address !== '127.0.0.1')).toBe(
      true,
    );
    expect(ips.every((ip) => ip.port === 1080 && ip.vmessPort === 10086)).toBe(true);
    expect(ips.every((ip) => ip.status === 'available' && ip.nodeId === node?.id)).toBe(true);
    const cities = (await db().select().from(regions)).map((region) =>
      [region.country, region.countryNameZh, region.cityNameZh, region.cityNameEn].join(' '),
    );
    expect(cities.sort()).toEqual([
      'HK 中国香港 香港 Hong Kong',
      'JP 日本 东京 Tokyo',
      'SG 新加坡 新加坡 Singapore',
      'US 美国 洛杉矶 Los Angeles',
    ]);

    expect(await seedDemoCatalog({ db: db() })).toEqual({
      seeded: false,
      reason: 'catalogExists',
    });
    expect(await counts()).toEqual({ nodes: 1, regions: 4, plans: 8, prices: 32, ips: 206 });
  });

  it('is what customers see in the catalog', async () => {
    await seedDemoCatalog({ db: db() });
    const { token } = await registerCustomer(testApp);
    const response = await callEndpoint(testApp.app, listStaticIpCatalog, {
      token,
      headers: { 'accept-language': 'en-US' },
    });
    expect(response.statusCode).toBe(200);
    const items = response.data().items as {
      country: string;
      city: string;
      lineType: string;
      stock: number;
      prices: { durationDays: number; price: number }[];
    }[];
    expect(items).toHaveLength(8);
    // Each plan holds its own stock: most have plenty, two run short (a shop, not a clearance).
    expect(
      Object.fromEntries(items.map((item) => [`${item.country} ${item.lineType}`, item.stock])),
    ).toEqual({
      'HK isp_residential': 30,
      'HK datacenter': 40,
      'JP isp_residential': 30,
      'JP datacenter': 25,
      'US isp_residential': 8,
      'US datacenter': 40,
      'SG isp_residential': 30,
      'SG datacenter': 3,
    });
    const tokyo = items.find(
      (item) => item.city === 'Tokyo' && item.lineType === 'isp_residential',
    );
    expect(tokyo?.prices).toEqual([
      { durationDays: 30, price: 35 },
      { durationDays: 90, price: 99 },
      { durationDays: 180, price: 189 },
      { durationDays: 365, price: 349 },
    ]);
  });

  it('never touches a database that already has a catalog', async () => {
    const added = await addGatewayNode({ db: db(), name: 'tokyo-1', host: '203.0.113.1' });
    expect(added.ok).toBe(true);
    await importIps({
      db: db(),
      actor: CLI_ACTOR,
      nodeName: 'tokyo-1',
      dryRun: false,
      source: {
        format: 'ips',
        ips: [
          {
            address: '203.0.113.50',
            port: 8000,
            vmessPort: 10086,
            lineType: 'datacenter',
            region: {
              country: 'JP',
              countryZh: '日本',
              countryEn: 'Japan',
              city: 'osaka',
              cityZh: '大阪',
              cityEn: 'Osaka',
            },
          },
        ],
      },
    });
    expect(await seedDemoCatalog({ db: db() })).toEqual({
      seeded: false,
      reason: 'catalogExists',
    });
    expect(await counts()).toEqual({ nodes: 1, regions: 1, plans: 0, prices: 0, ips: 1 });
  });

  it('skips when DEMO_SEED is off, and logs what it loaded when on', async () => {
    const lines: { msg: string }[] = [];
    const log = {
      ...testApp.app.log,
      info: (object: object, msg: string) => lines.push({ ...object, msg }),
      warn: (object: object, msg: string) => lines.push({ ...object, msg }),
    } as unknown as typeof testApp.app.log;
    expect(await loadDemoCatalogOnStart({ db: db(), enabled: false, log })).toEqual({
      seeded: false,
      reason: 'disabled',
    });
    expect(await counts()).toEqual({ nodes: 0, regions: 0, plans: 0, prices: 0, ips: 0 });
    expect(lines).toEqual([]);

    expect(await loadDemoCatalogOnStart({ db: db(), enabled: true, log })).toMatchObject({
      seeded: true,
    });
    expect(lines).toEqual([
      expect.objectContaining({
        regions: 4,
        ips: 206,
        msg: expect.stringContaining('demo catalog'),
      }),
    ]);
  });

  it('seeds once when several servers start at the same moment', async () => {
    const reports = await Promise.all([
      seedDemoCatalog({ db: db() }),
      seedDemoCatalog({ db: db() }),
      seedDemoCatalog({ db: db() }),
    ]);
    expect(reports.filter((report) => report.seeded)).toHaveLength(1);
    expect(await counts()).toEqual({ nodes: 1, regions: 4, plans: 8, prices: 32, ips: 206 });
  });

  it('loads the traffic plans once, into a database with a catalog too, and shows them', async () => {
    await seedDemoCatalog({ db: db() });
    // Several servers starting at once: one seeds, the others wait and find the plans.
    const reports = await Promise.all([1, 2, 3].map(() => seedDemoTrafficPlans({ db: db() })));
    expect(reports.filter((report) => report.seeded)).toEqual([{ seeded: true, plans: 4 }]);
    expect(reports.filter((report) => !report.seeded)).toEqual([
      { seeded: false, reason: 'plansExist' },
      { seeded: false, reason: 'plansExist' },
    ]);
    expect(await seedDemoTrafficPlans({ db: db() })).toEqual({
      seeded: false,
      reason: 'plansExist',
    });

    const { token } = await registerCustomer(testApp);
    const response = await callEndpoint(testApp.app, listTrafficCatalog, { token });
    expect(
      (response.data().items as { gb: number; validityDays: number; price: number }[]).map(
        ({ gb, validityDays, price }) => [gb, validityDays, price],
      ),
    ).toEqual([
      [1, 30, 15],
      [10, 30, 120],
      [50, 60, 500],
      [100, 90, 900],
    ]);
  });

  it('leaves traffic plans an operator set alone, and follows DEMO_SEED', async () => {
    const lines: { msg: string }[] = [];
    const log = {
      ...testApp.app.log,
      info: (object: object, msg: string) => lines.push({ ...object, msg }),
      warn: (object: object, msg: string) => lines.push({ ...object, msg }),
    } as unknown as typeof testApp.app.log;
    expect(await loadDemoTrafficPlansOnStart({ db: db(), enabled: false, log })).toEqual({
      seeded: false,
      reason: 'disabled',
    });
    expect(await db().$count(trafficPlans)).toBe(0);
    expect(await loadDemoTrafficPlansOnStart({ db: db(), enabled: true, log })).toEqual({
      seeded: true,
      plans: 4,
    });
    expect(lines).toEqual([
      expect.objectContaining({ plans: 4, msg: expect.stringContaining('demo traffic plans') }),
    ]);

    await db().delete(trafficPlans);
    await db().insert(trafficPlans).values({ gb: 5, validityDays: 7, priceFen: 100n });
    expect(await seedDemoTrafficPlans({ db: db() })).toEqual({
      seeded: false,
      reason: 'plansExist',
    });
    expect(await db().$count(trafficPlans)).toBe(1);
  });
});
