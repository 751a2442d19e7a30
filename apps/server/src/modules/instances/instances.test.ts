import {
  createStaticIpOrder,
  exportInstances,
  getInstance,
  listInstances,
  quoteRenewal,
  renewInstance,
  renewInstances,
  resetInstancePassword,
  updateInstance,
  type EndpointDefinition,
} from '@stratus/contract';
import {
  eq,
  inArray,
  ipAddresses,
  ledgerEntries,
  orders,
  proxyInstances,
  wallets,
} from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { creditWallet } from '../../../test/wallet.ts';
import { seedStaticIpPlan } from '../../../test/catalog.ts';
import { callEndpoint, type CallOptions } from '../../../test/call-endpoint.ts';

const DAY_MS = 86_400_000;

interface InstanceBody {
  id: string;
  ip: string;
  port: number;
  vmessPort: number;
  username: string;
  password: string;
  vmessId: string;
  remark: string;
  status: string;
  autoRenew: boolean;
  renewalWarning: string | null;
  expiresAt: string;
}

describe.each(testEngines)('proxy instances on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  const db = () => testApp.database.db;
  const customer = async (balanceFen = 1_000_000n) => {
    const registered = await registerCustomer(testApp);
    await creditWallet(db(), { userId: registered.user.id, amountFen: balanceFen });
    return registered;
  };
  const buy = async (
    token: string,
    options: { quantity?: number; country?: string; stock?: number } = {},
  ) => {
    const plan = await seedStaticIpPlan(db(), {
      country: options.country ?? 'JP',
      stock: options.stock ?? options.quantity ?? 1,
      pricesFen: { 30: 3000n, 90: 8000n },
    });
    const response = await callEndpoint(testApp.app, createStaticIpOrder, {
      token,
      body: { planId: plan.planId, durationDays: 30, quantity: options.quantity ?? 1 },
    });
    expect(response.statusCode).toBe(200);
    return response.data().instances as InstanceBody[];
  };
  const call = <E extends EndpointDefinition>(
    token: string,
    endpoint: E,
    options: CallOptions<E> = {},
  ) => callEndpoint(testApp.app, endpoint, { token, ...options });
  const balanceFen = async (userId: string) =>
    (await db().select().from(wallets).where(eq(wallets.userId, userId)))[0]?.balanceFen;
  const ledgerOf = (userId: string) =>
    db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  const renewalOrdersOf = async (userId: string) =>
    (await db().select().from(orders).where(eq(orders.userId, userId))).filter(
      (order) => order.type === 'renewal',
    );
  /** Each instance's stored expiry, by id. */
  const expiriesOf = async (ids: string[]) =>
    new Map(
      (
        await db()
          .select({ id: proxyInstances.id, expiresAt: proxyInstances.expiresAt })
          .from(proxyInstances)
          .where(inArray(proxyInstances.id, ids))
      ).map((row) => [row.id, row.expiresAt.getTime()]),
    );

  it('lists the caller’s instances with filters, soonest expiry first', async () => {
    const { token } = await customer();
    const [japan] = await buy(token, { country: 'JP' });
    const [usa] = await buy(token, { country: 'US' });
    if (!japan || !usa) throw new Error('no instances');
    await db()
      .update(proxyInstances)
      .set({ expiresAt: new Date(Date.now() + 3 * DAY_MS), remark: '100%_sure' })
      .where(eq(proxyInstances.id, usa.id));

    const all = await call(token, listInstances);
    expect(all.data().total).toBe(2);
    expect(all.data().items.map((item: InstanceBody) => item.id)).toEqual([usa.id, japan.id]);

    const byCountry = await call(token, listInstances, { query: { country: 'jp' } });
    expect(byCountry.data().items.map((item: InstanceBody) => item.id)).toEqual([japan.id]);

    const expiring = await call(token, listInstances, { query: { expiringWithinDays: 7 } });
    expect(expiring.data().items.map((item: InstanceBody) => item.id)).toEqual([usa.id]);

    const literal = await call(token, listInstances, { query: { keyword: '0%_' } });
    expect(literal.data().items.map((item: InstanceBody) => item.id)).toEqual([usa.id]);
    const wildcard = await call(token, listInstances, { query: { keyword: '%' } });
    expect(wildcard.data().items.map((item: InstanceBody) => item.id)).toEqual([usa.id]);

    const byIp = await call(token, listInstances, { query: { keyword: japan.ip } });
    expect(byIp.data().items.map((item: InstanceBody) => item.id)).toContain(japan.id);
    const byUser = await call(token, listInstances, { query: { keyword: japan.username } });
    expect(byUser.data().items.map((item: InstanceBody) => item.id)).toEqual([japan.id]);

    const expired = await call(token, listInstances, { query: { status: 'expired' } });
    expect(expired.data().total).toBe(0);
    const paged = await call(token, listInstances, { query: { page: 2, pageSize: 1 } });
    expect(paged.data()).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.data().items.map((item: InstanceBody) => item.id)).toEqual([japan.id]);
  });

  it('hides other users’ instances (404) and edits remark, auto-renew and password', async () => {
    const { token } = await customer();
    const [instance] = await buy(token);
    if (!instance) throw new Error('no instance');
    const stranger = await customer();
    for (const response of [
      await call(stranger.token, getInstance, { params: { id: instance.id } }),
      await call(stranger.token, updateInstance, {
        params: { id: instance.id },
        body: { remark: 'x' },
      }),
      await call(stranger.token, resetInstancePassword, { params: { id: instance.id } }),
      await call(stranger.token, renewInstance, {
        params: { id: instance.id },
        body: {
          durationDays: 30,
        },
      }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(40301);
    }
    const strangerList = await call(stranger.token, listInstances);
    expect(strangerList.data().total).toBe(0);

    await db()
      .update(proxyInstances)
      .set({ renewalWarning: 'insufficient balance' })
      .where(eq(proxyInstances.id, instance.id));
    const remark = await call(token, updateInstance, {
      params: { id: instance.id },
      body: {
        remark: '  office  ',
      },
    });
    expect(remark.statusCode).toBe(200);
    expect(remark.data()).toMatchObject({
      remark: 'office',
      renewalWarning: 'insufficient balance',
    });
    const toggled = await call(token, updateInstance, {
      params: { id: instance.id },
      body: {
        autoRenew: true,
      },
    });
    expect(toggled.data()).toMatchObject({ autoRenew: true, renewalWarning: null });
    const unknownField = await call(token, updateInstance, {
      params: { id: instance.id },
      rawBody: {
        password: 'x',
      },
    });
    expect(unknownField.statusCode).toBe(400);

    const reset = await call(token, resetInstancePassword, { params: { id: instance.id } });
    expect(reset.statusCode).toBe(200);
    expect(reset.data().password).toMatch(/^[\w-]{16}$/);
    expect(reset.data().password).not.toBe(instance.password);
    const detail = await call(token, getInstance, { params: { id: instance.id } });
    expect(detail.data().password).toBe(reset.data().password);
  });

  it('renews one instance from its expiry and several in one payment', async () => {
    const { token, user } = await customer(100_000n);
    const [first, second] = await buy(token, { quantity: 2 });
    if (!first || !second) throw new Error('no instances');
    const balanceBefore = await balanceFen(user.id);

    const quote = await call(token, quoteRenewal, {
      body: {
        ids: [first.id, second.id],
        durationDays: 90,
      },
    });
    expect(quote.data()).toEqual({
      total: 160,
      balance: Number(balanceBefore) / 100,
      sufficientBalance: true,
    });

    const single = await call(token, renewInstance, {
      params: { id: first.id },
      body: {
        durationDays: 90,
      },
    });
    expect(single.statusCode).toBe(200);
    const renewed = single.data();
    expect(renewed.order).toMatchObject({
      type: 'renewal',
      total: 80,
      instanceIds: [first.id],
      // A renewal names the instance it renewed, by IP and port too.
      instances: [{ id: first.id, ip: first.ip, port: first.port }],
    });
    expect(renewed.order.orderNo).toMatch(/^RN\d{18}$/);
    expect(Date.parse(renewed.instances[0]?.expiresAt ?? '')).toBe(
      Date.parse(first.expiresAt) + 90 * DAY_MS,
    );

    const batch = await call(token, renewInstances, {
      body: {
        ids: [first.id, second.id],
        durationDays: 30,
      },
    });
    expect(batch.statusCode).toBe(200);
    const { order, instances } = batch.data();
    expect(order.items).toHaveLength(2);
    expect(order).toMatchObject({ type: 'renewal', total: 60 });
    expect(order.instances.map((each: { ip: string }) => each.ip).sort()).toEqual(
      [first.ip, second.ip].sort(),
    );
    const byId = new Map(instances.map((item: InstanceBody) => [item.id, item]));
    expect(Date.parse((byId.get(first.id) as InstanceBody).expiresAt)).toBe(
      Date.parse(first.expiresAt) + 120 * DAY_MS,
    );
    expect(Date.parse((byId.get(second.id) as InstanceBody).expiresAt)).toBe(
      Date.parse(second.expiresAt) + 30 * DAY_MS,
    );

    const renewals = (
      await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id))
    ).filter((entry) => entry.type === 'renewal');
    expect(renewals.map((entry) => Number(entry.amountFen)).sort((a, b) => a - b)).toEqual([
      -8000, -6000,
    ]);
    expect(await balanceFen(user.id)).toBe((balanceBefore ?? 0n) - 14_000n);

    const offered = await call(token, renewInstance, {
      params: { id: first.id },
      body: {
        durationDays: 45,
      },
    });
    expect(offered.statusCode).toBe(400);
    expect(offered.json().code).toBe(40002);
  });

  it('renews and charges once for one Idempotency-Key, sent again or at once; refuses it for another renewal', async () => {
    const { token, user } = await customer(100_000n);
    const [first, second] = await buy(token, { quantity: 2 });
    if (!first || !second) throw new Error('no instances');
    const balanceBefore = (await balanceFen(user.id)) ?? 0n;
    const withKey = (key: string) => ({ 'idempotency-key': key });

    const single = await call(token, renewInstance, {
      params: { id: first.id },
      body: { durationDays: 30 },
      headers: withKey('renew-one'),
    });
    expect(single.statusCode).toBe(200);
    const repeat = await call(token, renewInstance, {
      params: { id: first.id },
      body: { durationDays: 30 },
      headers: withKey('renew-one'),
    });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.data().order.id).toBe(single.data().order.id);
    // The repeat answers the first renewal's expiry; it did not add 30 more days.
    expect(repeat.data().instances[0]?.expiresAt).toBe(single.data().instances[0]?.expiresAt);

    const batchOf = () =>
      call(token, renewInstances, {
        body: { ids: [first.id, second.id], durationDays: 30 },
        headers: withKey('renew-both'),
      });
    const answers = await Promise.all(Array.from({ length: 6 }, batchOf));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((answer) => answer.data().order.id)).size).toBe(1);

    // Either key for another renewal: refused, and nothing more is renewed or charged.
    for (const refused of [
      await call(token, renewInstance, {
        params: { id: first.id },
        body: { durationDays: 90 },
        headers: withKey('renew-one'),
      }),
      await call(token, renewInstances, {
        body: { ids: [first.id], durationDays: 30 },
        headers: withKey('renew-both'),
      }),
    ]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe(40102);
    }

    expect(await renewalOrdersOf(user.id)).toHaveLength(2);
    const renewals = (await ledgerOf(user.id)).filter((entry) => entry.type === 'renewal');
    expect(renewals.map((entry) => Number(entry.amountFen)).sort((a, b) => a - b)).toEqual([
      -6000, -3000,
    ]);
    expect(await balanceFen(user.id)).toBe(balanceBefore - 9_000n);
    const expiries = await expiriesOf([first.id, second.id]);
    expect(expiries.get(first.id)).toBe(Date.parse(first.expiresAt) + 60 * DAY_MS);
    expect(expiries.get(second.id)).toBe(Date.parse(second.expiresAt) + 30 * DAY_MS);
  });

  it('refuses a renewal the balance cannot cover, changing nothing', async () => {
    const { token, user } = await customer(3_000n);
    const [instance] = await buy(token);
    if (!instance) throw new Error('no instance');
    const response = await call(token, renewInstance, {
      params: { id: instance.id },
      body: {
        durationDays: 30,
      },
    });
    expect(response.statusCode).toBe(422);
    expect(await balanceFen(user.id)).toBe(0n);
    const detail = await call(token, getInstance, { params: { id: instance.id } });
    expect(detail.data().expiresAt).toBe(instance.expiresAt);
  });

  it('refuses a batch renewal holding another user’s instance (404), renewing and charging nothing', async () => {
    const owner = await customer(100_000n);
    const [mine] = await buy(owner.token);
    const stranger = await customer(100_000n);
    const [theirs] = await buy(stranger.token);
    if (!mine || !theirs) throw new Error('no instances');
    const ids = [mine.id, theirs.id];
    const expiriesBefore = await expiriesOf(ids);
    const ledgerBefore = await ledgerOf(owner.user.id);
    const balanceBefore = await balanceFen(owner.user.id);

    for (const endpoint of [renewInstances, quoteRenewal]) {
      const response = await call(owner.token, endpoint, { body: { ids, durationDays: 30 } });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(40301);
    }
    expect(await balanceFen(owner.user.id)).toBe(balanceBefore);
    expect(await ledgerOf(owner.user.id)).toEqual(ledgerBefore);
    expect(await renewalOrdersOf(owner.user.id)).toHaveLength(0);
    expect(await balanceFen(stranger.user.id)).toBe(100_000n - 3_000n);
    expect(await renewalOrdersOf(stranger.user.id)).toHaveLength(0);
    expect(await expiriesOf(ids)).toEqual(expiriesBefore);
  });

  it('refuses a batch renewal the balance cannot cover (422 insufficientBalance), changing nothing', async () => {
    // Enough for the two instances and one renewal, not for renewing both.
    const { token, user } = await customer(6_000n + 5_000n);
    const instances = await buy(token, { quantity: 2 });
    const ids = instances.map((instance) => instance.id);
    const expiriesBefore = await expiriesOf(ids);
    const ledgerBefore = await ledgerOf(user.id);
    expect(await balanceFen(user.id)).toBe(5_000n);

    const quote = await call(token, quoteRenewal, {
      body: {
        ids,
        durationDays: 30,
      },
    });
    expect(quote.data()).toEqual({ total: 60, balance: 50, sufficientBalance: false });
    const response = await call(token, renewInstances, {
      body: {
        ids,
        durationDays: 30,
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe(30101);
    expect(await balanceFen(user.id)).toBe(5_000n);
    expect(await ledgerOf(user.id)).toEqual(ledgerBefore);
    expect(await renewalOrdersOf(user.id)).toHaveLength(0);
    expect(await expiriesOf(ids)).toEqual(expiriesBefore);
  });

  it('revives an expired instance whose IP is still held, not one whose IP was released', async () => {
    const { token } = await customer();
    const [kept, released] = await buy(token, { quantity: 2 });
    if (!kept || !released) throw new Error('no instances');
    const past = new Date(Date.now() - 2 * DAY_MS);
    for (const instance of [kept, released]) {
      await db()
        .update(proxyInstances)
        .set({ status: 'expired', expiresAt: past })
        .where(eq(proxyInstances.id, instance.id));
    }
    const [keptRow] = await db()
      .select()
      .from(proxyInstances)
      .where(eq(proxyInstances.id, kept.id));
    const [releasedRow] = await db()
      .select()
      .from(proxyInstances)
      .where(eq(proxyInstances.id, released.id));
    if (!keptRow || !releasedRow) throw new Error('rows missing');
    await db()
      .update(ipAddresses)
      .set({ status: 'cooling', coolingUntil: new Date(Date.now() + DAY_MS) })
      .where(eq(ipAddresses.id, keptRow.ipAddressId));
    await db()
      .update(ipAddresses)
      .set({ status: 'available' })
      .where(eq(ipAddresses.id, releasedRow.ipAddressId));

    const started = Date.now();
    const revived = await call(token, renewInstance, {
      params: { id: kept.id },
      body: {
        durationDays: 30,
      },
    });
    expect(revived.statusCode).toBe(200);
    const instance = revived.data().instances[0] as InstanceBody;
    expect(instance.status).toBe('active');
    // From now, not from the past expiry.
    expect(Date.parse(instance.expiresAt)).toBeGreaterThanOrEqual(started + 30 * DAY_MS - 1000);
    const [ip] = await db()
      .select()
      .from(ipAddresses)
      .where(eq(ipAddresses.id, keptRow.ipAddressId));
    expect(ip).toMatchObject({ status: 'allocated', coolingUntil: null });

    const quoteRefused = await call(token, quoteRenewal, {
      body: {
        ids: [released.id],
        durationDays: 30,
      },
    });
    expect(quoteRefused.statusCode).toBe(409);
    const refused = await call(token, renewInstance, {
      params: { id: released.id },
      body: {
        durationDays: 30,
      },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(40302);
  });

  it('exports only the caller’s active instances as socks5, vmess, all and base64', async () => {
    const { token } = await customer();
    const instances = await buy(token, { quantity: 3 });
    const [expired] = instances.splice(2, 1);
    if (!expired) throw new Error('no instance');
    await db()
      .update(proxyInstances)
      .set({ status: 'expired' })
      .where(eq(proxyInstances.id, expired.id));
    const stranger = await customer();
    const [theirs] = await buy(stranger.token);
    if (!theirs) throw new Error('no instance');

    const socks5 = await call(token, exportInstances, { params: { type: 'socks5' } });
    expect(socks5.statusCode).toBe(200);
    expect(socks5.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(socks5.headers['content-disposition']).toMatch(
      /^attachment; filename="proxies-socks5-\d{8}\.txt"$/,
    );
    const socksLines = socks5.body.split('\n');
    expect(socksLines).toHaveLength(2);
    for (const line of socksLines) {
      const url = new URL(line);
      const instance = instances.find((item) => item.ip === url.hostname);
      if (!instance) throw new Error(`unexpected host ${url.hostname}`);
      expect(url.protocol).toBe('socks5:');
      expect(decodeURIComponent(url.username)).toBe(instance.username);
      expect(decodeURIComponent(url.password)).toBe(instance.password);
      expect(Number(url.port)).toBe(instance.port);
    }

    const vmess = await call(token, exportInstances, { params: { type: 'vmess' } });
    const vmessLines = vmess.body.split('\n');
    expect(vmessLines).toHaveLength(2);
    for (const line of vmessLines) {
      expect(line.startsWith('vmess://')).toBe(true);
      const share = JSON.parse(Buffer.from(line.slice(8), 'base64').toString('utf8'));
      const instance = instances.find((item) => item.ip === share.add);
      if (!instance) throw new Error(`unexpected address ${share.add}`);
      expect(share).toMatchObject({
        v: '2',
        port: String(instance.vmessPort),
        id: instance.vmessId,
        aid: '0',
        net: 'tcp',
      });
      expect(share.ps).toBe(`JP-东京-${instance.ip}`);
    }

    const all = await call(token, exportInstances, { params: { type: 'all' } });
    expect(all.body.split('\n').map((line) => line.split('://')[0])).toEqual([
      'socks5',
      'http',
      'vmess',
      'socks5',
      'http',
      'vmess',
    ]);
    expect(all.body).not.toContain(theirs.ip);
    expect(all.body).not.toContain(expired.ip);

    const [one] = instances;
    if (!one) throw new Error('no instance');
    const chosen = await call(token, exportInstances, {
      params: { type: 'socks5' },
      query: { ids: `${one.id},${theirs.id},not-a-uuid` },
    });
    expect(chosen.body.split('\n')).toHaveLength(1);
    expect(new URL(chosen.body).hostname).toBe(one.ip);

    const subscription = await call(token, exportInstances, {
      params: { type: 'all' },
      query: { encoding: 'base64' },
    });
    expect(Buffer.from(subscription.body, 'base64').toString('utf8')).toBe(all.body);

    const unknown = await call(token, exportInstances, { rawParams: { type: 'trojan' } });
    expect(unknown.statusCode).toBe(400);
  });
});
