import { randomUUID } from 'node:crypto';
import {
  createRegion,
  createStaticIpPlan,
  createTrafficPlan,
  deleteStaticIpPlan,
  deleteTrafficPlan,
  listAdminRegions,
  listAdminStaticIpPlans,
  listAdminTrafficPlans,
  updateRegion,
  updateStaticIpPlan,
  updateTrafficPlan,
  type EndpointBody,
} from '@stratus/contract';
import { auditLog, regions } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { seedStaticIpPlan } from '../../../test/catalog.ts';
import {
  expectAccessPerPermissionTable,
  registerCustomer,
  registerStaffTeam,
  type StaffTeam,
} from '../../../test/accounts.ts';
import { seedTrafficPlan } from '../../../test/traffic.ts';
import { auditEntriesAbout } from '../../../test/audit.ts';
import { seedRegion } from '../../../test/catalog.ts';

const english = { 'accept-language': 'en-US' };

describe.each(testEngines)('the catalog admin API on %s', (engine) => {
  let testApp: TestApp;
  let team: StaffTeam;
  let customerToken: string;

  beforeAll(async () => {
    testApp = await createTestApp(engine);
    team = await registerStaffTeam(testApp);
    customerToken = (await registerCustomer(testApp)).token;
  });
  afterAll(() => testApp?.close());

  const db = () => testApp.database.db;
  const city = () => `city-${randomUUID().slice(0, 8)}`;
  const regionBody = (cityCode = city()): EndpointBody<typeof createRegion> => ({
    country: 'FR',
    cityCode,
    countryNameZh: '法国',
    countryNameEn: 'France',
    cityNameZh: '巴黎',
    cityNameEn: 'Paris',
  });

  it('opens every endpoint to the roles the permission table names, and no one else', async () => {
    const access = { team, customerToken };
    const sharedRegion = await seedRegion(db());
    const sharedPlan = await seedStaticIpPlan(db(), { stock: 0 });
    const sharedTrafficPlan = await seedTrafficPlan(db());
    await expectAccessPerPermissionTable(testApp, listAdminRegions, {
      ...access,
      call: async () => ({}),
    });
    await expectAccessPerPermissionTable(testApp, createRegion, {
      ...access,
      call: async () => ({ body: regionBody() }),
    });
    await expectAccessPerPermissionTable(testApp, updateRegion, {
      ...access,
      call: async () => ({ params: { id: sharedRegion.id }, body: { sortOrder: 3 } }),
    });
    await expectAccessPerPermissionTable(testApp, listAdminStaticIpPlans, {
      ...access,
      call: async () => ({}),
    });
    await expectAccessPerPermissionTable(testApp, createStaticIpPlan, {
      ...access,
      call: async () => ({
        body: {
          regionId: (await seedRegion(db())).id,
          lineType: 'datacenter' as const,
          protocols: ['socks5' as const],
          prices: [{ durationDays: 30, price: 20 }],
        },
      }),
    });
    await expectAccessPerPermissionTable(testApp, updateStaticIpPlan, {
      ...access,
      call: async () => ({ params: { id: sharedPlan.planId }, body: { sortOrder: 2 } }),
    });
    await expectAccessPerPermissionTable(testApp, deleteStaticIpPlan, {
      ...access,
      call: async () => ({ params: { id: (await seedStaticIpPlan(db(), { stock: 0 })).planId } }),
    });
    await expectAccessPerPermissionTable(testApp, listAdminTrafficPlans, {
      ...access,
      call: async () => ({}),
    });
    let gb = 70_000;
    await expectAccessPerPermissionTable(testApp, createTrafficPlan, {
      ...access,
      call: async () => ({ body: { gb: (gb += 1), validityDays: 30, price: 10 } }),
    });
    await expectAccessPerPermissionTable(testApp, updateTrafficPlan, {
      ...access,
      call: async () => ({ params: { id: sharedTrafficPlan.id }, body: { sortOrder: 1 } }),
    });
    await expectAccessPerPermissionTable(testApp, deleteTrafficPlan, {
      ...access,
      call: async () => ({ params: { id: (await seedTrafficPlan(db())).id } }),
    });
  });

  it('adds a region with upper-case country and lower-case city code, audited', async () => {
    const response = await callEndpoint(testApp.app, createRegion, {
      token: team.ops.token,
      body: { ...regionBody('Los-Angeles'), country: ' us ', sortOrder: -5 },
    });
    expect(response.statusCode).toBe(200);
    const region = response.data();
    expect(region).toEqual({
      id: expect.any(String),
      country: 'US',
      cityCode: 'los-angeles',
      countryNameZh: '法国',
      countryNameEn: 'France',
      cityNameZh: '巴黎',
      cityNameEn: 'Paris',
      sortOrder: -5,
      plans: 0,
      availableIps: 0,
    });
    expect(await auditEntriesAbout(db(), { type: 'region', id: region.id })).toEqual([
      expect.objectContaining({
        actorId: team.ops.id,
        actorRole: 'ops',
        action: 'region.create',
        changes: {
          country: { before: null, after: 'US' },
          cityCode: { before: null, after: 'los-angeles' },
          countryNameZh: { before: null, after: '法国' },
          countryNameEn: { before: null, after: 'France' },
          cityNameZh: { before: null, after: '巴黎' },
          cityNameEn: { before: null, after: 'Paris' },
          sortOrder: { before: null, after: -5 },
        },
      }),
    ]);
    // Regions list by sort order first: this one (−5) comes before every region at 0.
    const { items } = (
      await callEndpoint(testApp.app, listAdminRegions, { token: team.finance.token })
    ).data();
    expect(items[0]?.id).toBe(region.id);

    const taken = await callEndpoint(testApp.app, createRegion, {
      token: team.owner.token,
      headers: english,
      body: { ...regionBody('los-angeles'), country: 'US' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 70401,
      message: 'The region US/los-angeles exists already',
      data: null,
    });
  });

  it('refuses bad codes and names with a localised reason naming the field, changing nothing', async () => {
    const before = await db().$count(regions);
    const entries = await db().$count(auditLog);
    const cases: [Partial<EndpointBody<typeof createRegion>>, string, string][] = [
      [
        { country: 'FRA' },
        'country',
        'Invalid country: must be a two-letter country code (ISO 3166-1) such as JP',
      ],
      [
        { cityCode: 'new york' },
        'cityCode',
        'Invalid cityCode: must be lower-case letters, digits and hyphens, such as tokyo or los-angeles',
      ],
      [{ cityNameEn: '  ' }, 'cityNameEn', 'Invalid cityNameEn: is required'],
      [{ sortOrder: 10_000 }, 'sortOrder', 'Invalid sortOrder: must be at most 9999'],
    ];
    for (const [change, field, message] of cases) {
      const response = await callEndpoint(testApp.app, createRegion, {
        token: team.ops.token,
        headers: english,
        body: { ...regionBody(), ...change },
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json(), field).toMatchObject({ code: 10001, message, data: { field } });
    }
    const chinese = await callEndpoint(testApp.app, createRegion, {
      token: team.ops.token,
      body: { ...regionBody(), country: '1' },
    });
    expect(chinese.json().message).toBe(
      '参数 country 不正确：必须是两个字母的国家代码（ISO 3166-1），如 JP',
    );
    expect(await db().$count(regions)).toBe(before);
    expect(await db().$count(auditLog)).toBe(entries);
  });

  it('renames a region and moves it, recording only what changed; codes stay', async () => {
    const region = await seedRegion(db());
    const response = await callEndpoint(testApp.app, updateRegion, {
      token: team.ops.token,
      params: { id: region.id },
      body: { cityNameEn: 'Osaka', cityNameZh: region.cityNameZh, sortOrder: 7 },
    });
    expect(response.data()).toMatchObject({
      id: region.id,
      country: 'JP',
      cityCode: region.cityCode,
      cityNameEn: 'Osaka',
      sortOrder: 7,
    });
    // The same again changes nothing and records nothing.
    await callEndpoint(testApp.app, updateRegion, {
      token: team.ops.token,
      params: { id: region.id },
      body: { cityNameEn: 'Osaka' },
    });
    expect(await auditEntriesAbout(db(), { type: 'region', id: region.id })).toEqual([
      expect.objectContaining({
        action: 'region.update',
        changes: {
          cityNameEn: { before: region.cityNameEn, after: 'Osaka' },
          sortOrder: { before: 0, after: 7 },
        },
      }),
    ]);
    // The codes are not part of an update: a city code sent along is refused, naming it.
    const recode = await callEndpoint(testApp.app, updateRegion, {
      token: team.ops.token,
      headers: english,
      params: { id: region.id },
      body: { cityCode: 'kyoto', sortOrder: 9 } as EndpointBody<typeof updateRegion>,
    });
    expect(recode.statusCode).toBe(400);
    expect(recode.json()).toMatchObject({ code: 10001, data: { field: 'cityCode' } });
    expect(recode.json().message).toContain('cityCode');
    expect(await auditEntriesAbout(db(), { type: 'region', id: region.id })).toHaveLength(1);

    const missing = await callEndpoint(testApp.app, updateRegion, {
      token: team.ops.token,
      headers: english,
      params: { id: randomUUID() },
      body: { sortOrder: 1 },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 70402, message: 'No such region' });
  });

  it('counts each region’s plans and available addresses', async () => {
    const seeded = await seedStaticIpPlan(db(), { stock: 4 });
    const { items } = (
      await callEndpoint(testApp.app, listAdminRegions, { token: team.ops.token })
    ).data();
    expect(items.find((region) => region.id === seeded.regionId)).toMatchObject({
      plans: 1,
      availableIps: 4,
    });
  });
});
