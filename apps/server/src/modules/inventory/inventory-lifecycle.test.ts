// An address's whole life with the operator's states in it: the customer catalog's stock is the
// available count after every change, expiry, cool-down and renewal never take an address out of
// quarantine or retirement, and every change the code makes is one of the table's
// (`ipTransitions`), which the life takes in full.
import {
  createStaticIpOrder,
  importAdminIps,
  quarantineAdminIp,
  refundOrder,
  releaseAdminIp,
  renewInstance,
  replaceInstance,
  retireAdminIp,
  type EndpointDefinition,
} from '@stratus/contract';
import { eq, ipAddressEvents, ipAddresses } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireInstances } from '../../jobs/expire-instances.ts';
import { releaseCooledIps } from '../../jobs/release-cooled-ips.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerStaff } from '../../../test/accounts.ts';
import { callEndpoint, type CallOptions } from '../../../test/call-endpoint.ts';
import { creditWallet } from '../../../test/wallet.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { availableCount, catalogStock, putIpsInStatus, seedPool } from '../../../test/inventory.ts';
import { ipTransitions, isAllowedIpTransition } from './ip-status.ts';

const DAY_MS = 86_400_000;

describe.each(testEngines)('the life of an address on %s', (engine) => {
  let testApp: TestApp;
  let opsToken: string;
  let financeToken: string;
  let customer: Awaited<ReturnType<typeof registerCustomer>>;
  let pool: Awaited<ReturnType<typeof seedPool>>;

  beforeAll(async () => {
    testApp = await createTestApp(engine);
    opsToken = (await registerStaff(testApp, 'ops')).token;
    financeToken = (await registerStaff(testApp, 'finance')).token;
    customer = await registerCustomer(testApp);
    await creditWallet(testApp.database.db, { userId: customer.id, amountFen: 1_000_000n });
    pool = await seedPool(testApp.database.db, { stock: 2, pricesFen: { 30: 3_000n } });
  });
  afterAll(() => testApp?.close());

  const db = () => testApp.database.db;
  const asOps = <E extends EndpointDefinition>(endpoint: E, options: CallOptions<E>) =>
    callEndpoint(testApp.app, endpoint, { token: opsToken, ...options });
  const asCustomer = <E extends EndpointDefinition>(endpoint: E, options: CallOptions<E>) =>
    callEndpoint(testApp.app, endpoint, { token: customer.token, ...options });
  const statusOf = async (address: string) => {
    const [row] = await db().select().from(ipAddresses).where(eq(ipAddresses.address, address));
    return row!;
  };
  /** The catalog's stock is the table's available count, and that count is `expected`. */
  const expectStock = async (expected: number, step: string) => {
    expect(await availableCount(db(), pool), step).toBe(expected);
    expect(await catalogStock(testApp, customer.token, pool.planId), step).toBe(expected);
  };
  const buy = async () =>
    (
      await asCustomer(createStaticIpOrder, {
        body: { planId: pool.planId, durationDays: 30, quantity: 1 },
      })
    ).data().instances[0]!;

  it('keeps stock equal to the available count through every change', async () => {
    await expectStock(2, 'seeded');
    await asOps(importAdminIps, {
      body: {
        dryRun: true,
        node: pool.nodeName,
        format: 'ranges',
        text: '198.18.0.0/29',
        region: pool.regionCode,
        lineType: pool.lineType,
        port: 1080,
        vmessPort: 10086,
      },
    });
    await expectStock(2, 'dry run');
    const imported = await asOps(importAdminIps, {
      body: {
        dryRun: false,
        node: pool.nodeName,
        format: 'ranges',
        text: '198.18.0.0/29',
        region: pool.regionCode,
        lineType: pool.lineType,
        port: 1080,
        vmessPort: 10086,
      },
    });
    expect(imported.data().totals.valid).toBe(6);
    await expectStock(8, 'import');

    const quarantined = (await statusOf('198.18.0.1')).id;
    await asOps(quarantineAdminIp, { params: { id: quarantined }, body: { reason: 'listed' } });
    await expectStock(7, 'quarantine');
    await asOps(releaseAdminIp, { params: { id: quarantined }, body: {} });
    await expectStock(8, 'release');
    await asOps(retireAdminIp, { params: { id: quarantined }, body: { reason: 'returned' } });
    await expectStock(7, 'retire');

    const instance = await buy();
    await expectStock(6, 'purchase');
    const now = new Date(Date.parse(instance.expiresAt) + 1_000);
    await expireInstances({ db: db(), now, cooldownHours: 24 });
    expect((await statusOf(instance.ip)).status).toBe('cooling');
    await expectStock(6, 'expiry');
    await releaseCooledIps({ db: db(), now: new Date(now.getTime() + 2 * DAY_MS) });
    await expectStock(7, 'cool-down over');
  });

  it('never brings a quarantined address back by renewal, expiry or cool-down', async () => {
    const instance = await buy();
    const id = (await statusOf(instance.ip)).id;
    await asOps(quarantineAdminIp, { params: { id }, body: { reason: 'abuse' } });

    // A renewal of the live instance keeps it working and its address quarantined.
    const renewed = await asCustomer(renewInstance, {
      params: { id: instance.id },
      body: { durationDays: 30 },
    });
    expect(renewed.data().instances[0]).toMatchObject({
      status: 'active',
      flaggedForReplacement: true,
    });
    expect((await statusOf(instance.ip)).status).toBe('quarantined');

    // Its expiry ends the instance; the address stays quarantined, not cooling.
    const expiry = new Date(Date.parse(renewed.data().instances[0]!.expiresAt) + 1_000);
    expect((await expireInstances({ db: db(), now: expiry, cooldownHours: 0 })).expired).toBe(1);
    expect(await statusOf(instance.ip)).toMatchObject({
      status: 'quarantined',
      statusReason: 'abuse',
      coolingUntil: null,
    });
    await releaseCooledIps({ db: db(), now: new Date(expiry.getTime() + DAY_MS) });
    expect((await statusOf(instance.ip)).status).toBe('quarantined');

    // Its owner cannot reclaim it by renewing: the address is no longer held for them.
    const reclaim = await asCustomer(renewInstance, {
      params: { id: instance.id },
      body: { durationDays: 30 },
    });
    expect(reclaim.statusCode).toBe(409);
    expect(reclaim.json().code).toBe(40302);
    expect((await statusOf(instance.ip)).status).toBe('quarantined');

    // Released with no live instance, it is sold again.
    const before = await availableCount(db(), pool);
    const released = await asOps(releaseAdminIp, { params: { id }, body: {} });
    expect(released.data().status).toBe('available');
    expect(await availableCount(db(), pool)).toBe(before + 1);
  });

  it('quarantining a cooling address ends its last owner’s claim, and the cool-down leaves it', async () => {
    const instance = await buy();
    const expiry = new Date(Date.parse(instance.expiresAt) + 1_000);
    await expireInstances({ db: db(), now: expiry, cooldownHours: 24 });
    const row = await statusOf(instance.ip);
    expect(row.status).toBe('cooling');
    await asOps(quarantineAdminIp, { params: { id: row.id }, body: { reason: 'listed' } });
    expect(await statusOf(instance.ip)).toMatchObject({
      status: 'quarantined',
      coolingUntil: null,
    });
    const reclaim = await asCustomer(renewInstance, {
      params: { id: instance.id },
      body: { durationDays: 30 },
    });
    expect(reclaim.statusCode).toBe(409);
    await releaseCooledIps({ db: db(), now: new Date(expiry.getTime() + 2 * DAY_MS) });
    expect((await statusOf(instance.ip)).status).toBe('quarantined');
  });

  it('takes the rest of the table: several at once, replacement, reclaim, release in use, refund, retirement', async () => {
    const bought = await asCustomer(createStaticIpOrder, {
      body: { planId: pool.planId, durationDays: 30, quantity: 2 },
    });
    const [moved, kept] = bought.data().instances;

    // A replacement sells another address and cools down the one it left.
    const replaced = await asCustomer(replaceInstance, { params: { id: moved!.id }, body: {} });
    expect(replaced.data().ip).not.toBe(moved!.ip);
    expect((await statusOf(moved!.ip)).status).toBe('cooling');

    // The owner of an expired instance renews in time and takes its cooling address back.
    const expiry = new Date(Date.parse(kept!.expiresAt) + 1_000);
    await expireInstances({ db: db(), now: expiry, cooldownHours: 24 });
    expect((await statusOf(kept!.ip)).status).toBe('cooling');
    const reclaimed = await asCustomer(renewInstance, {
      params: { id: kept!.id },
      body: { durationDays: 30 },
    });
    expect(reclaimed.data().instances[0]?.status).toBe('active');
    expect((await statusOf(kept!.ip)).status).toBe('allocated');

    // Quarantined and released while its instance still uses it: allocated again.
    const keptId = (await statusOf(kept!.ip)).id;
    await asOps(quarantineAdminIp, { params: { id: keptId }, body: { reason: 'listed' } });
    const release = await asOps(releaseAdminIp, { params: { id: keptId }, body: {} });
    expect(release.data().status).toBe('allocated');

    // A full refund ends the order's instance still on its own terms: its address cools down.
    const refund = await callEndpoint(testApp.app, refundOrder, {
      token: financeToken,
      params: { id: bought.data().order.id },
      body: { reason: 'lifecycle' },
    });
    expect(refund.data().order.status).toBe('refunded');
    expect((await statusOf(replaced.data().ip)).status).toBe('cooling');

    // Retired from every state no live instance uses: cooling, quarantined, and an allocated
    // address no instance holds (put there directly: the code leaves none such behind).
    await asOps(retireAdminIp, {
      params: { id: (await statusOf(moved!.ip)).id },
      body: { reason: 'returned' },
    });
    const [spareA, spareB] = await db()
      .select()
      .from(ipAddresses)
      .where(eq(ipAddresses.status, 'available'))
      .limit(2);
    await asOps(quarantineAdminIp, { params: { id: spareA!.id }, body: { reason: 'listed' } });
    await asOps(retireAdminIp, { params: { id: spareA!.id }, body: { reason: 'returned' } });
    await putIpsInStatus(db(), [spareB!.id], 'allocated');
    await asOps(retireAdminIp, { params: { id: spareB!.id }, body: { reason: 'returned' } });
  });

  it('recorded only changes of the transition table, and every one of them', async () => {
    const recorded = await db()
      .selectDistinct({ from: ipAddressEvents.fromStatus, to: ipAddressEvents.toStatus })
      .from(ipAddressEvents);
    const outside = recorded.filter(({ from, to }) => !isAllowedIpTransition(from, to));
    expect(outside).toEqual([]);
    const seen = new Set(recorded.map(({ from, to }) => `${from} → ${to}`));
    const untaken = Object.entries(ipTransitions).flatMap(([name, { from, to }]) =>
      from
        .filter((status) => !seen.has(`${status} → ${to}`))
        .map((status) => `${name}: ${status} → ${to}`),
    );
    expect(untaken).toEqual([]);
  });
});
