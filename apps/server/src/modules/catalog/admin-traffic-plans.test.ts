import { randomUUID } from 'node:crypto';
import {
  createTrafficOrder,
  createTrafficPlan,
  deleteTrafficPlan,
  getOrder,
  listAdminTrafficPlans,
  listTrafficCatalog,
  listTrafficPackages,
  quoteTrafficOrder,
  updateTrafficPlan,
  type EndpointBody,
} from '@stratus/contract';
import { auditLog, eq, trafficPackages, trafficPlans } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../cli/admin.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { registerStaffTeam, type StaffTeam } from '../../../test/accounts.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { auditEntriesAbout } from '../../../test/audit.ts';

const english = { 'accept-language': 'en-US' };

describe.each(testEngines)('traffic plans for operators on %s', (engine) => {
  let testApp: TestApp;
  let team: StaffTeam;
  let gb = 200;

  beforeAll(async () => {
    testApp = await createTestApp(engine);
    team = await registerStaffTeam(testApp);
  });
  afterAll(() => testApp?.close());

  const db = () => testApp.database.db;
  const entriesAbout = (id: string) => auditEntriesAbout(db(), { type: 'traffic_plan', id });
  /** A GB size no other plan of this suite has. */
  const freshGb = () => (gb += 1);

  async function create(body: Partial<EndpointBody<typeof createTrafficPlan>> = {}) {
    const response = await callEndpoint(testApp.app, createTrafficPlan, {
      token: team.ops.token,
      headers: english,
      body: { gb: freshGb(), validityDays: 30, price: 100, ...body },
    });
    return response;
  }

  function update(planId: string, body: EndpointBody<typeof updateTrafficPlan>) {
    return callEndpoint(testApp.app, updateTrafficPlan, {
      token: team.ops.token,
      headers: english,
      params: { id: planId },
      body,
    });
  }

  async function catalogIds(token: string) {
    return (await callEndpoint(testApp.app, listTrafficCatalog, { token }))
      .data()
      .items.map((plan) => plan.id);
  }

  it('adds a plan, audited, and refuses a second of the same size and validity', async () => {
    const response = await create({ gb: 10, validityDays: 30, price: 120, sortOrder: 2 });
    expect(response.statusCode).toBe(200);
    const plan = response.data();
    expect(plan).toEqual({
      id: expect.any(String),
      gb: 10,
      validityDays: 30,
      price: 120,
      pricePerGb: 12,
      active: true,
      sortOrder: 2,
      livePackages: 0,
      createdAt: expect.any(String),
    });
    expect(await entriesAbout(plan.id)).toEqual([
      expect.objectContaining({
        actorId: team.ops.id,
        action: 'traffic_plan.create',
        changes: {
          gb: { before: null, after: 10 },
          validityDays: { before: null, after: 30 },
          price: { before: null, after: 120 },
          active: { before: null, after: true },
          sortOrder: { before: null, after: 2 },
        },
      }),
    ]);
    const listed = await callEndpoint(testApp.app, listAdminTrafficPlans, {
      token: team.finance.token,
    });
    expect(listed.data().items).toContainEqual(plan);

    const entries = await db().$count(auditLog);
    const again = await create({ gb: 10, validityDays: 30, price: 99 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 70406,
      message: 'A traffic plan of 10 GB for 30 days exists already',
      data: null,
    });
    // Moving another plan onto that size is refused the same way.
    const other = (await create({ gb: 10, validityDays: 60 })).data();
    const moved = await update(other.id, { validityDays: 30 });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe(70406);
    expect(await db().$count(auditLog)).toBe(entries + 1);
  });

  it('refuses sizes, validities and prices out of range, naming the field', async () => {
    const cases: [Partial<EndpointBody<typeof createTrafficPlan>>, string][] = [
      [{ gb: 0 }, 'gb'],
      [{ gb: 100_001 }, 'gb'],
      [{ validityDays: 3651 }, 'validityDays'],
      [{ price: 0 }, 'price'],
      [{ price: 12.345 }, 'price'],
      [{ sortOrder: -10_000 }, 'sortOrder'],
    ];
    const before = await db().$count(trafficPlans);
    for (const [change, field] of cases) {
      const response = await create(change);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().data.field, JSON.stringify(change)).toBe(field);
    }
    expect(await db().$count(trafficPlans)).toBe(before);
  });

  it('hides a plan from the traffic catalog and its purchase at once', async () => {
    const plan = (await create({ price: 15 })).data();
    const customer = await registerCustomer(testApp, { balanceFen: 100_000n });
    expect(await catalogIds(customer.token)).toContain(plan.id);
    expect((await update(plan.id, { active: false })).data().active).toBe(false);
    expect(await catalogIds(customer.token)).not.toContain(plan.id);
    for (const endpoint of [createTrafficOrder, quoteTrafficOrder]) {
      const refused = await callEndpoint(testApp.app, endpoint, {
        token: customer.token,
        body: { planId: plan.id, quantity: 1 },
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe(40001);
    }
    await update(plan.id, { active: true });
    expect(await catalogIds(customer.token)).toContain(plan.id);
  });

  it('keeps what a customer paid when the price changes; the next purchase pays the new one', async () => {
    const plan = (await create({ gb: freshGb(), price: 20 })).data();
    const customer = await registerCustomer(testApp, { balanceFen: 100_000n });
    const bought = (
      await callEndpoint(testApp.app, createTrafficOrder, {
        token: customer.token,
        body: { planId: plan.id, quantity: 2 },
      })
    ).data();
    const changed = await update(plan.id, { price: 25.5, sortOrder: 9 });
    expect(changed.data()).toMatchObject({ price: 25.5, sortOrder: 9, livePackages: 1 });
    expect((await entriesAbout(plan.id)).at(-1)).toMatchObject({
      action: 'traffic_plan.update',
      changes: {
        price: { before: 20, after: 25.5 },
        sortOrder: { before: 0, after: 9 },
      },
    });
    const order = await callEndpoint(testApp.app, getOrder, {
      token: customer.token,
      params: { id: bought.order.id },
    });
    expect(order.data()).toEqual(bought.order);
    expect(order.data()).toMatchObject({ total: 40, items: [{ unitPrice: 20 }] });
    const next = await callEndpoint(testApp.app, quoteTrafficOrder, {
      token: customer.token,
      body: { planId: plan.id, quantity: 1 },
    });
    expect(next.data()).toMatchObject({ unitPrice: 25.5, total: 25.5 });
  });

  it('refuses to delete a plan with a package in use; deletes it once none is', async () => {
    const plan = (await create({ price: 5 })).data();
    const customer = await registerCustomer(testApp, { balanceFen: 100_000n });
    const bought = (
      await callEndpoint(testApp.app, createTrafficOrder, {
        token: customer.token,
        body: { planId: plan.id, quantity: 1 },
      })
    ).data();
    const refused = await callEndpoint(testApp.app, deleteTrafficPlan, {
      token: team.ops.token,
      headers: english,
      params: { id: plan.id },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 70408,
      message: 'This plan has 1 live packages and cannot be deleted; hide it instead',
      data: null,
    });
    expect((await entriesAbout(plan.id)).map((entry) => entry.action)).toEqual([
      'traffic_plan.create',
    ]);

    // Past its expiry the package no longer counts, whatever the job has done yet.
    await db()
      .update(trafficPackages)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(trafficPackages.id, bought.package.id));
    const deleted = await callEndpoint(testApp.app, deleteTrafficPlan, {
      token: team.ops.token,
      params: { id: plan.id },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await entriesAbout(plan.id)).at(-1)).toMatchObject({
      action: 'traffic_plan.delete',
      changes: {
        gb: { before: plan.gb, after: null },
        price: { before: 5, after: null },
      },
    });
    // The package and its order stay as bought.
    const packages = await callEndpoint(testApp.app, listTrafficPackages, {
      token: customer.token,
    });
    expect(packages.data().items).toEqual([
      expect.objectContaining({ id: bought.package.id, gb: plan.gb, status: 'expired' }),
    ]);
    const missing = await callEndpoint(testApp.app, deleteTrafficPlan, {
      token: team.ops.token,
      headers: english,
      params: { id: plan.id },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 70407, message: 'No such traffic plan' });
    expect((await update(randomUUID(), { price: 1 })).statusCode).toBe(404);
  });

  it('lists the traffic catalog by sort order, then size', async () => {
    const small = (await create({ gb: 1, validityDays: 7, sortOrder: -50 })).data();
    const big = (await create({ gb: 90_000, validityDays: 7, sortOrder: -60 })).data();
    const customer = await registerCustomer(testApp, { balanceFen: 100_000n });
    expect((await catalogIds(customer.token)).slice(0, 2)).toEqual([big.id, small.id]);
  });

  it('saves a plan from the command line through the same service, audited as the CLI', async () => {
    const size = freshGb();
    const run = (...args: string[]) =>
      runAdminCommand(args, {
        database: testApp.database,
        config: testApp.config,
        print: () => {},
      });
    const base = ['set-traffic-plan', '--gb', String(size), '--days', '30'];
    expect(await run(...base, '--price', '50')).toBe(0);
    expect(await run(...base, '--price', '45', '--inactive')).toBe(0);
    expect(await run(...base, '--price', '45', '--inactive')).toBe(0);
    const [plan] = await db().select().from(trafficPlans).where(eq(trafficPlans.gb, size));
    expect(await entriesAbout(plan!.id)).toEqual([
      expect.objectContaining({ actorRole: 'cli', action: 'traffic_plan.create' }),
      expect.objectContaining({
        actorRole: 'cli',
        action: 'traffic_plan.update',
        changes: {
          price: { before: 50, after: 45 },
          active: { before: true, after: false },
        },
      }),
    ]);
  });
});
