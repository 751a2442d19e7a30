import { AUTO_RENEW_NOTE } from '@stratus/contract';
import {
  and,
  eq,
  ipAddresses,
  ledgerEntries,
  orders,
  planPrices,
  proxyInstances,
  wallets,
} from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { creditWallet } from '../../test/wallet.ts';
import { seedStaticIpPlan } from '../../test/catalog.ts';
import { renewInstances } from '../modules/instances/public.ts';
import { purchaseStaticIps } from '../modules/orders/public.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { registerCustomer } from '../../test/accounts.ts';
import { expireInstances } from './expire-instances.ts';
import { releaseCooledIps } from './release-cooled-ips.ts';
import { renewDueInstances } from './renew-instances.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The controlled clock: every pass below is called with its own `now`. */
const T0 = new Date('2026-03-01T00:00:00.000Z');
const at = (offsetMs: number) => new Date(T0.getTime() + offsetMs);

describe('static-IP job configuration', () => {
  it('defaults to renewing 24 h ahead and a 24 h cool-down, and validates both', () => {
    expect(loadConfig({}).staticIps).toEqual({ renewAheadHours: 24, cooldownHours: 24 });
    expect(
      loadConfig({ INSTANCE_RENEW_AHEAD_HOURS: '48', IP_COOLDOWN_HOURS: '0' }).staticIps,
    ).toEqual({ renewAheadHours: 48, cooldownHours: 0 });
    expect(() => loadConfig({ INSTANCE_RENEW_AHEAD_HOURS: '0' })).toThrow(
      /INSTANCE_RENEW_AHEAD_HOURS: must be greater than 0/,
    );
    expect(() => loadConfig({ IP_COOLDOWN_HOURS: '-1' })).toThrow(/IP_COOLDOWN_HOURS: must be 0/);
  });
});

describe.each(testEngines)('static-IP jobs on %s', (engine) => {
  let testApp: TestApp;
  beforeEach(async () => {
    testApp = await createTestApp(engine);
  });
  afterEach(() => testApp?.close());

  const db = () => testApp.database.db;
  const log = () => testApp.app.log;

  /** A customer with `balanceFen` left after buying one IP of a fresh plan at T0. */
  async function buyOne({
    durationDays = 30,
    autoRenew = true,
    balanceFen = 0n,
  }: { durationDays?: number; autoRenew?: boolean; balanceFen?: bigint } = {}) {
    const plan = await seedStaticIpPlan(db(), { pricesFen: { 30: 3000n, 90: 8000n }, stock: 3 });
    const { user } = await registerCustomer(testApp);
    const price = durationDays === 90 ? 8000n : 3000n;
    await creditWallet(db(), { userId: user.id, amountFen: price + balanceFen });
    const { instances } = await purchaseStaticIps({
      db: db(),
      userId: user.id,
      locale: 'en-US',
      purchase: { planId: plan.planId, durationDays, quantity: 1, autoRenew },
      now: T0,
    });
    const instanceId = instances[0]?.id ?? '';
    return { userId: user.id, instanceId, plan };
  }

  const instanceRow = async (id: string) => {
    const [row] = await db().select().from(proxyInstances).where(eq(proxyInstances.id, id));
    if (!row) throw new Error('instance missing');
    return row;
  };
  const ipOf = async (instanceId: string) => {
    const { ipAddressId } = await instanceRow(instanceId);
    const [row] = await db().select().from(ipAddresses).where(eq(ipAddresses.id, ipAddressId));
    if (!row) throw new Error('ip missing');
    return row;
  };
  const balanceOf = async (userId: string) => {
    const [row] = await db().select().from(wallets).where(eq(wallets.userId, userId));
    return row?.balanceFen;
  };
  const renewalLedger = (userId: string) =>
    db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.type, 'renewal')));
  const renew = (now: Date) =>
    renewDueInstances({ db: db(), log: log(), renewAheadHours: 24, now });
  /** `count` instances without auto-renew expiring at day 30, and one expiring at day 90. */
  async function buyDueAndLater(count: number) {
    const due: string[] = [];
    for (let bought = 0; bought < count; bought += 1) {
      due.push((await buyOne({ autoRenew: false })).instanceId);
    }
    const later = await buyOne({ durationDays: 90, autoRenew: false });
    return { due, later: later.instanceId };
  }

  it('auto-renews within 24 h of expiry when the balance allows, once', async () => {
    const { userId, instanceId } = await buyOne({ balanceFen: 5000n });
    const expiry = at(30 * DAY_MS);
    expect((await instanceRow(instanceId)).expiresAt).toEqual(expiry);

    // Two days ahead is too early.
    expect(await renew(at(28 * DAY_MS))).toEqual({ renewed: 0, warned: 0, failed: 0 });

    const now = at(29 * DAY_MS + 1 * HOUR_MS);
    expect(await renew(now)).toEqual({ renewed: 1, warned: 0, failed: 0 });
    const renewed = await instanceRow(instanceId);
    expect(renewed.expiresAt).toEqual(new Date(expiry.getTime() + 30 * DAY_MS));
    expect(renewed).toMatchObject({ status: 'active', renewalWarning: null });
    expect(await balanceOf(userId)).toBe(2000n);
    const ledger = await renewalLedger(userId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amountFen: -3000n, note: AUTO_RENEW_NOTE });
    const renewalOrders = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.type, 'renewal')));
    expect(renewalOrders).toHaveLength(1);
    expect(renewalOrders[0]?.orderNo).toBe(ledger[0]?.reference);

    // Renewed: no longer due, so a second run (or another server's) changes nothing.
    expect(await renew(now)).toEqual({ renewed: 0, warned: 0, failed: 0 });
    expect(await renewalLedger(userId)).toHaveLength(1);
  });

  it('renews for the duration last bought', async () => {
    const { userId, instanceId } = await buyOne({ durationDays: 90, balanceFen: 8000n });
    const expiry = at(90 * DAY_MS);
    expect(await renew(new Date(expiry.getTime() - HOUR_MS))).toMatchObject({ renewed: 1 });
    expect((await instanceRow(instanceId)).expiresAt).toEqual(
      new Date(expiry.getTime() + 90 * DAY_MS),
    );
    expect(await balanceOf(userId)).toBe(0n);
  });

  it('falls back to the shortest duration offered, and warns when none is', async () => {
    const { userId, instanceId, plan } = await buyOne({ balanceFen: 8000n });
    await db()
      .delete(planPrices)
      .where(and(eq(planPrices.planId, plan.planId), eq(planPrices.durationDays, 30)));
    expect(await renew(at(30 * DAY_MS - HOUR_MS))).toMatchObject({ renewed: 1 });
    expect((await instanceRow(instanceId)).expiresAt).toEqual(at(120 * DAY_MS));
    expect(await balanceOf(userId)).toBe(0n);

    await db().delete(planPrices).where(eq(planPrices.planId, plan.planId));
    expect(await renew(at(120 * DAY_MS - HOUR_MS))).toEqual({ renewed: 0, warned: 1, failed: 0 });
    expect((await instanceRow(instanceId)).renewalWarning).toBe('durationNotOffered');
  });

  it('leaves instances without auto-renew alone', async () => {
    const { userId } = await buyOne({ autoRenew: false, balanceFen: 5000n });
    expect(await renew(at(30 * DAY_MS - HOUR_MS))).toEqual({ renewed: 0, warned: 0, failed: 0 });
    expect(await balanceOf(userId)).toBe(5000n);
  });

  it('warns when the balance is short, then renews and clears the warning once topped up', async () => {
    const { userId, instanceId } = await buyOne({ balanceFen: 1000n });
    const now = at(30 * DAY_MS - 2 * HOUR_MS);
    expect(await renew(now)).toEqual({ renewed: 0, warned: 1, failed: 0 });
    expect(await instanceRow(instanceId)).toMatchObject({
      status: 'active',
      renewalWarning: 'insufficientBalance',
      expiresAt: at(30 * DAY_MS),
    });
    expect(await balanceOf(userId)).toBe(1000n);
    expect(await renewalLedger(userId)).toHaveLength(0);

    await creditWallet(db(), { userId, amountFen: 2000n });
    expect(await renew(at(30 * DAY_MS - HOUR_MS))).toEqual({ renewed: 1, warned: 0, failed: 0 });
    expect(await instanceRow(instanceId)).toMatchObject({
      renewalWarning: null,
      expiresAt: at(60 * DAY_MS),
    });
    expect(await balanceOf(userId)).toBe(0n);
  });

  it('renews each due instance once when several servers run at the same moment', async () => {
    const { userId } = await buyOne({ balanceFen: 10_000n });
    const now = at(30 * DAY_MS - HOUR_MS);
    const reports = await Promise.all([renew(now), renew(now), renew(now)]);
    expect(reports.reduce((sum, report) => sum + report.renewed, 0)).toBe(1);
    expect(await renewalLedger(userId)).toHaveLength(1);
    expect(await balanceOf(userId)).toBe(7000n);
  });

  it('expires instances past their expiry and cools their IPs, then releases after the cool-down', async () => {
    const { instanceId } = await buyOne({ autoRenew: false });
    const expiry = at(30 * DAY_MS);
    expect(
      await expireInstances({ db: db(), now: new Date(expiry.getTime() - 1), cooldownHours: 24 }),
    ).toEqual({
      expired: 0,
    });
    expect((await ipOf(instanceId)).status).toBe('allocated');

    const expiredAt = new Date(expiry.getTime() + 60_000);
    expect(await expireInstances({ db: db(), now: expiredAt, cooldownHours: 24 })).toEqual({
      expired: 1,
    });
    expect((await instanceRow(instanceId)).status).toBe('expired');
    const cooling = await ipOf(instanceId);
    expect(cooling).toMatchObject({
      status: 'cooling',
      coolingUntil: new Date(expiredAt.getTime() + 24 * HOUR_MS),
    });
    expect(await expireInstances({ db: db(), now: expiredAt, cooldownHours: 24 })).toEqual({
      expired: 0,
    });

    // Not before the cool-down ends…
    const beforeEnd = new Date(expiredAt.getTime() + 24 * HOUR_MS - 1);
    expect(await releaseCooledIps({ db: db(), now: beforeEnd })).toEqual({ released: 0 });
    expect((await ipOf(instanceId)).status).toBe('cooling');
    // …and back in the pool once it has.
    const afterEnd = new Date(expiredAt.getTime() + 24 * HOUR_MS);
    expect(await releaseCooledIps({ db: db(), now: afterEnd })).toEqual({ released: 1 });
    expect(await ipOf(instanceId)).toMatchObject({ status: 'available', coolingUntil: null });
    expect((await instanceRow(instanceId)).status).toBe('expired');
  });

  it('expires each due instance once when several servers run at the same moment', async () => {
    const { due, later } = await buyDueAndLater(4);
    const now = at(30 * DAY_MS + HOUR_MS);
    // Batches of one, so the servers interleave claim by claim instead of one taking every row.
    const reports = await Promise.all(
      [1, 2, 3].map(() => expireInstances({ db: db(), now, cooldownHours: 24, batchSize: 1 })),
    );
    expect(reports.reduce((sum, report) => sum + report.expired, 0)).toBe(due.length);
    for (const instanceId of due) {
      expect((await instanceRow(instanceId)).status).toBe('expired');
      expect(await ipOf(instanceId)).toMatchObject({
        status: 'cooling',
        coolingUntil: new Date(now.getTime() + 24 * HOUR_MS),
      });
    }
    expect((await instanceRow(later)).status).toBe('active');
    expect((await ipOf(later)).status).toBe('allocated');
    expect(await expireInstances({ db: db(), now, cooldownHours: 24 })).toEqual({ expired: 0 });
  });

  it('releases each cooled-down IP once when several servers run at the same moment', async () => {
    const { due, later } = await buyDueAndLater(4);
    const expiredAt = at(30 * DAY_MS + HOUR_MS);
    expect(await expireInstances({ db: db(), now: expiredAt, cooldownHours: 24 })).toEqual({
      expired: due.length,
    });
    const afterCooldown = new Date(expiredAt.getTime() + 24 * HOUR_MS);
    const reports = await Promise.all(
      [1, 2, 3].map(() => releaseCooledIps({ db: db(), now: afterCooldown, batchSize: 1 })),
    );
    // Each address counted by exactly one server: none released twice, none missed.
    expect(reports.reduce((sum, report) => sum + report.released, 0)).toBe(due.length);
    for (const instanceId of due) {
      expect(await ipOf(instanceId)).toMatchObject({ status: 'available', coolingUntil: null });
      expect((await instanceRow(instanceId)).status).toBe('expired');
    }
    expect((await ipOf(later)).status).toBe('allocated');
    expect(await releaseCooledIps({ db: db(), now: afterCooldown })).toEqual({ released: 0 });
  });

  it('an auto-renew instance the balance cannot pay for expires like any other', async () => {
    const { instanceId } = await buyOne();
    const expiry = at(30 * DAY_MS);
    expect(await renew(new Date(expiry.getTime() - HOUR_MS))).toMatchObject({ warned: 1 });
    expect(await expireInstances({ db: db(), now: expiry, cooldownHours: 24 })).toEqual({
      expired: 1,
    });
    expect(await instanceRow(instanceId)).toMatchObject({
      status: 'expired',
      renewalWarning: 'insufficientBalance',
    });
    expect((await ipOf(instanceId)).status).toBe('cooling');
  });

  it('keeps the IP of an instance renewed while cooling', async () => {
    const { userId, instanceId } = await buyOne({ autoRenew: false });
    const ipBefore = await ipOf(instanceId);
    const expiredAt = at(30 * DAY_MS + HOUR_MS);
    await expireInstances({ db: db(), now: expiredAt, cooldownHours: 24 });
    expect((await ipOf(instanceId)).status).toBe('cooling');

    await creditWallet(db(), { userId, amountFen: 3000n });
    const renewedAt = new Date(expiredAt.getTime() + 2 * HOUR_MS);
    await renewInstances({
      db: db(),
      userId,
      instanceIds: [instanceId],
      durationDays: 30,
      now: renewedAt,
    });
    expect(await instanceRow(instanceId)).toMatchObject({
      status: 'active',
      ipAddressId: ipBefore.id,
    });

    const afterCooldown = new Date(expiredAt.getTime() + 48 * HOUR_MS);
    expect(await releaseCooledIps({ db: db(), now: afterCooldown })).toEqual({ released: 0 });
    expect(await ipOf(instanceId)).toMatchObject({ id: ipBefore.id, status: 'allocated' });
    expect(await expireInstances({ db: db(), now: afterCooldown, cooldownHours: 24 })).toEqual({
      expired: 0,
    });
  });

  it('uses a cool-down of 0 hours to release at once', async () => {
    const { instanceId } = await buyOne({ autoRenew: false });
    const now = at(31 * DAY_MS);
    await expireInstances({ db: db(), now, cooldownHours: 0 });
    expect(await releaseCooledIps({ db: db(), now })).toEqual({ released: 1 });
    expect((await ipOf(instanceId)).status).toBe('available');
  });
});
