import { randomUUID } from 'node:crypto';
import {
  createStaticIpOrder,
  createStaticIpPlan,
  deleteStaticIpPlan,
  getOrder,
  listAdminStaticIpPlans,
  listStaticIpCatalog,
  listTransactions,
  quoteRenewal,
  quoteStaticIpOrder,
  renewInstance,
  updateRegion,
  updateStaticIpPlan,
  type EndpointBody,
} from '@stratus/contract';
import { auditLog, eq, planPrices, proxyInstances, staticIpPlans } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../cli/admin.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { seedStaticIpPlan } from '../../../test/catalog.ts';
import { registerStaffTeam, type StaffTeam } from '../../../test/accounts.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { auditEntriesAbout } from '../../../test/audit.ts';
import { seedRegion } from '../../../test/catalog.ts';

const english = { 'accept-language': 'en-US' };

describe.each(testEngines)('static-IP plans for operators on %s', (engine) => {
  let testApp: TestApp;
  let team: StaffTeam;

  beforeAll(async () => {
    testApp = await createTestApp(engine);
    team = await registerStaffTeam(testApp);
  });
  afterAll(() => testApp?.close());

  const db = () => testApp.database.db;
  const entriesAbout = (id: string) => auditEntriesAbout(db(), { type: 'static_ip_plan', id });

  function update(planId: string, body: EndpointBody<typeof updateStaticIpPlan>) {
    return callEndpoint(testApp.app, updateStaticIpPlan, {
      token: team.ops.token,
      headers: english,
      params: { id: planId },
      body,
    });
  }

  async function catalogIds(token: string) {
    const response = await callEndpoint(testApp.app, listStaticIpCatalog, { token });
    return response.data().items.map((plan) => plan.id);
  }

  async function adminPlan(planId: string) {
    const { items } = (
      await callEndpoint(testApp.app, listAdminStaticIpPlans, { token: team.ops.token })
    ).data();
    return items.find((plan) => plan.id === planId);
  }

  it('adds a plan with protocols in their order and a price list, audited', async () => {
    const region = await seedRegion(db(), { country: 'DE' });
    const response = await callEndpoint(testApp.app, createStaticIpPlan, {
      token: team.ops.token,
      body: {
        regionId: region.id,
        lineType: 'datacenter',
        protocols: ['vmess', 'socks5'],
        sortOrder: 4,
        replacementsPerMonth: 2,
        lowStockMark: 10,
        prices: [
          { durationDays: 90, price: 80 },
          { durationDays: 30, price: 29.9 },
          { durationDays: 45, price: 42.5 },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const plan = response.data();
    expect(plan).toEqual({
      id: expect.any(String),
      region: {
        id: region.id,
        country: 'DE',
        cityCode: region.cityCode,
        countryNameZh: region.countryNameZh,
        countryNameEn: region.countryNameEn,
        cityNameZh: region.cityNameZh,
        cityNameEn: region.cityNameEn,
      },
      lineType: 'datacenter',
      protocols: ['socks5', 'vmess'],
      active: true,
      sortOrder: 4,
      replacementsPerMonth: 2,
      prices: [
        { durationDays: 30, price: 29.9 },
        { durationDays: 45, price: 42.5 },
        { durationDays: 90, price: 80 },
      ],
      liveInstances: 0,
      stock: 0,
      lowStockMark: 10,
      createdAt: expect.any(String),
    });
    expect(await entriesAbout(plan.id)).toEqual([
      expect.objectContaining({
        actorId: team.ops.id,
        action: 'plan.create',
        changes: {
          region: { before: null, after: `DE/${region.cityCode}` },
          lineType: { before: null, after: 'datacenter' },
          protocols: { before: null, after: ['socks5', 'vmess'] },
          active: { before: null, after: true },
          sortOrder: { before: null, after: 4 },
          replacementsPerMonth: { before: null, after: 2 },
          lowStockMark: { before: null, after: 10 },
          'price.30d': { before: null, after: 29.9 },
          'price.45d': { before: null, after: 42.5 },
          'price.90d': { before: null, after: 80 },
        },
      }),
    ]);
    expect(await adminPlan(plan.id)).toEqual(plan);

    const entries = await db().$count(auditLog);
    const again = await callEndpoint(testApp.app, createStaticIpPlan, {
      token: team.ops.token,
      headers: english,
      body: {
        regionId: region.id,
        lineType: 'datacenter',
        protocols: ['http'],
        prices: [{ durationDays: 30, price: 1 }],
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 70403 });
    const nowhere = await callEndpoint(testApp.app, createStaticIpPlan, {
      token: team.ops.token,
      headers: english,
      body: {
        regionId: randomUUID(),
        lineType: 'datacenter',
        protocols: ['http'],
        prices: [{ durationDays: 30, price: 1 }],
      },
    });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json()).toMatchObject({ code: 70402, message: 'No such region' });
    expect(await db().$count(auditLog)).toBe(entries);
  });

  it('refuses a bad protocol or price list with the field named, changing nothing', async () => {
    const region = await seedRegion(db());
    const base: EndpointBody<typeof createStaticIpPlan> = {
      regionId: region.id,
      lineType: 'isp_residential',
      protocols: ['socks5'],
      prices: [{ durationDays: 30, price: 30 }],
    };
    const cases: [Partial<typeof base>, string, string][] = [
      [{ protocols: [] }, 'protocols', 'must have at least 1 items'],
      [{ protocols: ['socks5', 'socks5'] }, 'protocols', 'must name each protocol once'],
      [{ prices: [] }, 'prices', 'must have at least 1 items'],
      [
        {
          prices: [
            { durationDays: 30, price: 30 },
            { durationDays: 30, price: 25 },
          ],
        },
        'prices',
        'must price each duration once',
      ],
      [{ prices: [{ durationDays: 30, price: 0 }] }, 'prices.0.price', 'must be at least 0.01'],
      [{ prices: [{ durationDays: 30, price: 1.234 }] }, 'prices.0.price', 'at most two decimals'],
      [
        { prices: [{ durationDays: 3651, price: 1 }] },
        'prices.0.durationDays',
        'must be at most 3650',
      ],
    ];
    for (const [change, field, reason] of cases) {
      const response = await callEndpoint(testApp.app, createStaticIpPlan, {
        token: team.ops.token,
        headers: english,
        body: { ...base, ...change },
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().data.field, reason).toBe(field);
      expect(response.json().message, field).toContain(reason);
    }
    expect(
      await db().select().from(staticIpPlans).where(eq(staticIpPlans.regionId, region.id)),
    ).toEqual([]);
  });

  it('refuses a field it does not know, in the body, a nested object or the query, naming it', async () => {
    const plan = await seedStaticIpPlan(db(), { stock: 1 });
    const before = await db().select().from(staticIpPlans).where(eq(staticIpPlans.id, plan.planId));
    // `visible` is not a field of the plan (`active` is): tried as a new operator would.
    const cases: [object, string][] = [
      [{ visible: false }, 'visible'],
      [{ active: false, visible: false }, 'visible'],
      [{ prices: [{ durationDays: 30, price: 20, currency: 'CNY' }] }, 'prices.0.currency'],
    ];
    for (const [body, field] of cases) {
      const response = await callEndpoint(testApp.app, updateStaticIpPlan, {
        token: team.ops.token,
        headers: english,
        params: { id: plan.planId },
        body: body as EndpointBody<typeof updateStaticIpPlan>,
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json(), field).toMatchObject({
        code: 10001,
        message: `Invalid ${field}: is not an accepted field`,
        data: { field },
      });
    }
    const listed = await callEndpoint(testApp.app, listAdminStaticIpPlans, {
      token: team.ops.token,
      headers: english,
      query: { lineType: 'datacenter', sort: 'price' } as never,
    });
    expect(listed.statusCode).toBe(400);
    expect(listed.json().data.field).toBe('sort');
    // In Chinese too, and nothing changed.
    const chinese = await callEndpoint(testApp.app, updateStaticIpPlan, {
      token: team.ops.token,
      headers: { 'accept-language': 'zh-CN' },
      params: { id: plan.planId },
      body: { visible: false } as EndpointBody<typeof updateStaticIpPlan>,
    });
    expect(chinese.json().message).toBe('参数 visible 不正确：不是可接受的字段');
    expect(
      await db().select().from(staticIpPlans).where(eq(staticIpPlans.id, plan.planId)),
    ).toEqual(before);
    expect(await entriesAbout(plan.planId)).toEqual([]);
  });

  it('hides a plan from the catalog and from purchases at once; renewals go on at today’s price', async () => {
    const seeded = await seedStaticIpPlan(db(), { stock: 3, pricesFen: { 30: 3_000n } });
    const customer = await registerCustomer(testApp, { balanceFen: 100_000n });
    const bought = await callEndpoint(testApp.app, createStaticIpOrder, {
      token: customer.token,
      body: { planId: seeded.planId, durationDays: 30, quantity: 1 },
    });
    const instanceId = bought.data().instances[0]!.id;
    expect(await catalogIds(customer.token)).toContain(seeded.planId);

    const hidden = await update(seeded.planId, { active: false });
    expect(hidden.data()).toMatchObject({ active: false, liveInstances: 1, stock: 2 });
    expect(await catalogIds(customer.token)).not.toContain(seeded.planId);
    const purchase = { planId: seeded.planId, durationDays: 30, quantity: 1 };
    for (const endpoint of [createStaticIpOrder, quoteStaticIpOrder]) {
      const refused = await callEndpoint(testApp.app, endpoint, {
        token: customer.token,
        headers: english,
        body: purchase,
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe(40001);
    }

    // What a customer bought stays theirs: the hidden plan renews, at the price of the day.
    await update(seeded.planId, { prices: [{ durationDays: 30, price: 33 }] });
    const renewed = await callEndpoint(testApp.app, renewInstance, {
      token: customer.token,
      params: { id: instanceId },
      body: { durationDays: 30 },
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.data().order).toMatchObject({ type: 'renewal', total: 33 });

    await update(seeded.planId, { active: true });
    expect(await catalogIds(customer.token)).toContain(seeded.planId);
    expect((await entriesAbout(seeded.planId)).map((entry) => entry.changes)).toEqual([
      { active: { before: true, after: false } },
      { 'price.30d': { before: 30, after: 33 } },
      { active: { before: false, after: true } },
    ]);
  });

  it('leaves what a customer paid as it was when the price changes; the next renewal quotes the new one', async () => {
    const seeded = await seedStaticIpPlan(db(), {
      stock: 2,
      pricesFen: { 30: 3_000n, 90: 8_000n },
    });
    const customer = await registerCustomer(testApp, { balanceFen: 100_000n });
    const bought = (
      await callEndpoint(testApp.app, createStaticIpOrder, {
        token: customer.token,
        body: { planId: seeded.planId, durationDays: 30, quantity: 2 },
      })
    ).data();
    const ledgerBefore = (
      await callEndpoint(testApp.app, listTransactions, { token: customer.token })
    ).data().items;

    const changed = await update(seeded.planId, {
      prices: [
        { durationDays: 30, price: 45 },
        { durationDays: 180, price: 200 },
      ],
    });
    expect(changed.data().prices).toEqual([
      { durationDays: 30, price: 45 },
      { durationDays: 180, price: 200 },
    ]);
    expect(await entriesAbout(seeded.planId)).toEqual([
      expect.objectContaining({
        action: 'plan.price',
        actorRole: 'ops',
        changes: {
          'price.30d': { before: 30, after: 45 },
          'price.90d': { before: 80, after: null },
          'price.180d': { before: null, after: 200 },
        },
      }),
    ]);

    // The order and the ledger read as they were paid.
    const order = (
      await callEndpoint(testApp.app, getOrder, {
        token: customer.token,
        params: { id: bought.order.id },
      })
    ).data();
    expect(order).toEqual(bought.order);
    expect(order).toMatchObject({ total: 60, items: [{ unitPrice: 30, amount: 60 }] });
    expect(
      (await callEndpoint(testApp.app, listTransactions, { token: customer.token })).data().items,
    ).toEqual(ledgerBefore);

    // The next renewal quotes today's price; a duration no longer offered is refused.
    const ids = bought.instances.map((instance) => instance.id);
    const quote = await callEndpoint(testApp.app, quoteRenewal, {
      token: customer.token,
      body: { ids, durationDays: 30 },
    });
    expect(quote.data()).toMatchObject({ total: 90 });
    const dropped = await callEndpoint(testApp.app, quoteRenewal, {
      token: customer.token,
      body: { ids, durationDays: 90 },
    });
    expect(dropped.statusCode).toBe(400);
    expect(dropped.json().code).toBe(40002);
  });

  it('changes protocols and sort order as plan.update, and records nothing when nothing changes', async () => {
    const seeded = await seedStaticIpPlan(db(), { stock: 0 });
    const response = await update(seeded.planId, {
      protocols: ['http', 'socks5'],
      sortOrder: -3,
      replacementsPerMonth: 5,
      prices: [
        { durationDays: 30, price: 30 },
        { durationDays: 90, price: 80 },
      ],
    });
    expect(response.data()).toMatchObject({
      protocols: ['socks5', 'http'],
      sortOrder: -3,
      replacementsPerMonth: 5,
    });
    await update(seeded.planId, { protocols: ['socks5', 'http'], active: true });
    expect(await entriesAbout(seeded.planId)).toEqual([
      expect.objectContaining({
        action: 'plan.update',
        changes: {
          protocols: { before: ['socks5', 'http', 'vmess'], after: ['socks5', 'http'] },
          sortOrder: { before: 0, after: -3 },
          replacementsPerMonth: { before: 1, after: 5 },
        },
      }),
    ]);
    // A low-stock mark is set, changed and taken away (null), each recorded.
    expect((await update(seeded.planId, { lowStockMark: 20 })).data().lowStockMark).toBe(20);
    expect((await update(seeded.planId, { lowStockMark: null })).data().lowStockMark).toBeNull();
    expect((await entriesAbout(seeded.planId)).slice(1)).toEqual([
      expect.objectContaining({
        action: 'plan.update',
        changes: { lowStockMark: { before: null, after: 20 } },
      }),
      expect.objectContaining({
        action: 'plan.update',
        changes: { lowStockMark: { before: 20, after: null } },
      }),
    ]);
    for (const lowStockMark of [0, 100_001, 2.5]) {
      const refused = await update(seeded.planId, { lowStockMark });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().data.field).toBe('lowStockMark');
    }
    const tooMany = await update(seeded.planId, { replacementsPerMonth: 101 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe(10001);
    const missing = await update(randomUUID(), { active: false });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 70404, message: 'No such static-IP plan' });
  });

  it('refuses to delete a plan with live instances; deletes it once none is live', async () => {
    const seeded = await seedStaticIpPlan(db(), { stock: 2, pricesFen: { 30: 3_000n } });
    const customer = await registerCustomer(testApp, { balanceFen: 100_000n });
    const bought = (
      await callEndpoint(testApp.app, createStaticIpOrder, {
        token: customer.token,
        body: { planId: seeded.planId, durationDays: 30, quantity: 2 },
      })
    ).data();
    expect((await adminPlan(seeded.planId))?.liveInstances).toBe(2);

    const refused = await callEndpoint(testApp.app, deleteStaticIpPlan, {
      token: team.owner.token,
      headers: english,
      params: { id: seeded.planId },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 70405,
      message: 'This plan has 2 live IPs and cannot be deleted; hide it instead',
      data: null,
    });
    expect(await entriesAbout(seeded.planId)).toEqual([]);
    expect(await adminPlan(seeded.planId)).toBeDefined();

    await db()
      .update(proxyInstances)
      .set({ status: 'expired' })
      .where(eq(proxyInstances.orderId, bought.order.id));
    const deleted = await callEndpoint(testApp.app, deleteStaticIpPlan, {
      token: team.owner.token,
      params: { id: seeded.planId },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await adminPlan(seeded.planId)).toBeUndefined();
    expect(
      await db().select().from(planPrices).where(eq(planPrices.planId, seeded.planId)),
    ).toEqual([]);
    expect(await entriesAbout(seeded.planId)).toEqual([
      expect.objectContaining({
        actorId: team.owner.id,
        action: 'plan.delete',
        changes: expect.objectContaining({
          lineType: { before: 'isp_residential', after: null },
          'price.30d': { before: 30, after: null },
        }),
      }),
    ]);
    // The order still reads as it was bought.
    const order = await callEndpoint(testApp.app, getOrder, {
      token: customer.token,
      params: { id: bought.order.id },
    });
    expect(order.data()).toEqual(bought.order);

    const again = await callEndpoint(testApp.app, deleteStaticIpPlan, {
      token: team.owner.token,
      params: { id: seeded.planId },
    });
    expect(again.statusCode).toBe(404);
  });

  it('never leaves a live instance without its plan when a purchase and a deletion race', async () => {
    const customer = await registerCustomer(testApp, { balanceFen: 100_000n });
    for (let round = 0; round < 6; round += 1) {
      const seeded = await seedStaticIpPlan(db(), { stock: 1, pricesFen: { 30: 100n } });
      const [purchase, deletion] = await Promise.all([
        callEndpoint(testApp.app, createStaticIpOrder, {
          token: customer.token,
          body: { planId: seeded.planId, durationDays: 30, quantity: 1 },
        }),
        callEndpoint(testApp.app, deleteStaticIpPlan, {
          token: team.ops.token,
          params: { id: seeded.planId },
        }),
      ]);
      // Either the purchase went first and the plan stays, or the plan went and nothing was sold.
      expect([purchase.statusCode, deletion.statusCode], `round ${round}`).toSatisfy(
        ([bought, deleted]: number[]) =>
          (bought === 200 && deleted === 409) || (bought === 404 && deleted === 200),
      );
      const plans = await db()
        .select()
        .from(staticIpPlans)
        .where(eq(staticIpPlans.id, seeded.planId));
      expect(plans).toHaveLength(purchase.statusCode === 200 ? 1 : 0);
    }
  });

  it('lists the customer catalog by region order, then plan order', async () => {
    const later = await seedStaticIpPlan(db(), { country: 'AA', stock: 0 });
    const sooner = await seedStaticIpPlan(db(), { country: 'ZZ', stock: 0 });
    const customer = await registerCustomer(testApp, { balanceFen: 0n });
    for (const [regionId, sortOrder] of [
      [later.regionId, -100],
      [sooner.regionId, -200],
    ] as const) {
      await callEndpoint(testApp.app, updateRegion, {
        token: team.ops.token,
        params: { id: regionId },
        body: { sortOrder },
      });
    }
    // A second plan in `sooner`'s region, placed ahead of its residential one.
    const second = (
      await callEndpoint(testApp.app, createStaticIpPlan, {
        token: team.ops.token,
        body: {
          regionId: sooner.regionId,
          lineType: 'datacenter',
          protocols: ['socks5'],
          sortOrder: -1,
          prices: [{ durationDays: 30, price: 10 }],
        },
      })
    ).data();

    const ids = await catalogIds(customer.token);
    expect(ids.slice(0, 3)).toEqual([second.id, sooner.planId, later.planId]);
    const { items } = (
      await callEndpoint(testApp.app, listAdminStaticIpPlans, {
        token: team.ops.token,
        query: { regionId: sooner.regionId },
      })
    ).data();
    expect(items.map((plan) => plan.id)).toEqual([second.id, sooner.planId]);
    const datacenter = (
      await callEndpoint(testApp.app, listAdminStaticIpPlans, {
        token: team.finance.token,
        query: { regionId: sooner.regionId, lineType: 'datacenter' },
      })
    ).data().items;
    expect(datacenter.map((plan) => plan.id)).toEqual([second.id]);
  });

  it('sets a price from the command line through the same service, audited as the CLI', async () => {
    const region = await seedRegion(db(), { country: 'KR' });
    const run = (...args: string[]) =>
      runAdminCommand(args, {
        database: testApp.database,
        config: testApp.config,
        print: () => {},
      });
    const base = [
      'set-price',
      '--country',
      'KR',
      '--city',
      region.cityCode,
      '--line',
      'datacenter',
    ];
    expect(await run(...base, '--days', '30', '--price', '12')).toBe(0);
    expect(await run(...base, '--days', '30', '--price', '15')).toBe(0);
    expect(await run(...base, '--days', '30', '--price', '15')).toBe(0);
    const [plan] = await db()
      .select()
      .from(staticIpPlans)
      .where(eq(staticIpPlans.regionId, region.id));
    expect(await entriesAbout(plan!.id)).toEqual([
      expect.objectContaining({
        actorId: null,
        actorRole: 'cli',
        action: 'plan.create',
        changes: expect.objectContaining({ 'price.30d': { before: null, after: 12 } }),
      }),
      expect.objectContaining({
        actorRole: 'cli',
        action: 'plan.price',
        changes: { 'price.30d': { before: 12, after: 15 } },
      }),
    ]);
  });
});
