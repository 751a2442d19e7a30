import { createHash } from 'node:crypto';
import { getNodeCredentials, nodeSnapshotSchema, type NodeSnapshot } from '@stratus/contract';
import { eq, ipAllowlistEntries, subUsers, users } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import {
  addNodeAddress,
  addTestNode,
  insertAllowlistEntry,
  insertDynamicAccount,
  insertInstance,
  insertSubUser,
  insertTrafficPackage,
} from '../../../test/usage.ts';
import { subUserRemainingBytes } from './service.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);

describe('subUserRemainingBytes', () => {
  it('is the smaller of the cap left (floored at 0) and the owner’s packages', () => {
    expect(subUserRemainingBytes({ capBytes: null, usedBytes: 50n }, 700n)).toBe(700n);
    expect(subUserRemainingBytes({ capBytes: 100n, usedBytes: 40n }, 700n)).toBe(60n);
    expect(subUserRemainingBytes({ capBytes: 100n, usedBytes: 40n }, 10n)).toBe(10n);
    expect(subUserRemainingBytes({ capBytes: 100n, usedBytes: 140n }, 700n)).toBe(0n);
    expect(subUserRemainingBytes({ capBytes: 100n, usedBytes: 100n }, 700n)).toBe(0n);
  });
});

describe.each(testEngines)('customer access in the node snapshot on %s', (engine) => {
  let testApp: TestApp;
  /** Gets addresses only with the instances sold on it. */
  let staticNode: { id: string; apiKey: string };
  /** A free address: a dynamic pool. */
  let dynamicNode: { id: string; apiKey: string };
  beforeAll(async () => {
    testApp = await createTestApp(engine);
    staticNode = await addTestNode(testApp.database.db);
    dynamicNode = await addTestNode(testApp.database.db);
    await addNodeAddress(testApp.database.db, dynamicNode.id);
  });
  afterAll(() => testApp?.close());

  const db = () => testApp.database.db;
  let cidrCounter = 0;
  const nextCidr = () => {
    cidrCounter += 1;
    return `198.51.${Math.floor(cidrCounter / 250)}.${cidrCounter % 250}/32`;
  };
  const snapshotOf = async (apiKey: string, since?: string) => {
    const response = await callEndpoint(testApp.app, getNodeCredentials, {
      token: apiKey,
      query: { since },
    });
    expect(response.statusCode).toBe(200);
    return response.data();
  };
  const fullSnapshot = async (apiKey: string): Promise<NodeSnapshot> =>
    nodeSnapshotSchema.parse((await snapshotOf(apiKey)).snapshot);

  it('lists the allowlist of customers with a live static IP on the node, and no other', async () => {
    const owner = (await registerCustomer(testApp)).user;
    const elsewhere = (await registerCustomer(testApp)).user;
    const expired = (await registerCustomer(testApp)).user;
    await insertInstance(db(), { userId: owner.id, nodeId: staticNode.id });
    await insertInstance(db(), { userId: elsewhere.id });
    await insertInstance(db(), {
      userId: expired.id,
      nodeId: staticNode.id,
      expiresAt: inDays(-1),
      status: 'expired',
    });
    const cidr = nextCidr();
    const entryId = await insertAllowlistEntry(db(), { userId: owner.id, cidr });
    const otherEntry = await insertAllowlistEntry(db(), { userId: elsewhere.id, cidr: nextCidr() });
    const expiredEntry = await insertAllowlistEntry(db(), { userId: expired.id, cidr: nextCidr() });

    const snapshot = await fullSnapshot(staticNode.apiKey);
    expect(snapshot.allowlist).toContainEqual({ entryId, userId: owner.id, cidr });
    const ids = snapshot.allowlist.map((entry) => entry.entryId);
    expect(ids).not.toContain(otherEntry);
    expect(ids).not.toContain(expiredEntry);
    // No dynamic pool here: no sub-users either.
    expect(snapshot.subUsers).toEqual([]);
  });

  it('lists dynamic holders’ allowlists and enabled sub-users on a node with a pool', async () => {
    const holder = (await registerCustomer(testApp)).user;
    await insertDynamicAccount(db(), holder.id);
    await insertTrafficPackage(db(), {
      userId: holder.id,
      totalBytes: 1000n,
      expiresAt: inDays(5),
    });
    const entryId = await insertAllowlistEntry(db(), { userId: holder.id, cidr: nextCidr() });
    const capped = await insertSubUser(db(), {
      userId: holder.id,
      capBytes: 300n,
      usedBytes: 100n,
    });
    const uncapped = await insertSubUser(db(), { userId: holder.id });
    const over = await insertSubUser(db(), { userId: holder.id, capBytes: 50n, usedBytes: 80n });
    const disabled = await insertSubUser(db(), { userId: holder.id, enabled: false });

    const snapshot = await fullSnapshot(dynamicNode.apiKey);
    expect(snapshot.allowlist.map((entry) => entry.entryId)).toContain(entryId);
    const mine = snapshot.subUsers.filter((entry) => entry.userId === holder.id);
    expect(mine).toHaveLength(3);
    expect(mine).toContainEqual({
      subUserId: capped.id,
      userId: holder.id,
      username: capped.username,
      passwordSha256: sha256(capped.password),
      remainingBytes: 200,
    });
    expect(mine.find((entry) => entry.subUserId === uncapped.id)?.remainingBytes).toBe(1000);
    expect(mine.find((entry) => entry.subUserId === over.id)?.remainingBytes).toBe(0);
    expect(mine.map((entry) => entry.subUserId)).not.toContain(disabled.id);
    expect(JSON.stringify(snapshot)).not.toContain(capped.password);
    // A node without a pool does not serve the holder's dynamic traffic.
    const bare = await addTestNode(db());
    const withoutPool = await fullSnapshot(bare.apiKey);
    expect(withoutPool.allowlist).toEqual([]);
    expect(withoutPool.subUsers).toEqual([]);
  });

  it('changes the version with an entry or a sub-user, and drops disabled customers', async () => {
    const holder = (await registerCustomer(testApp)).user;
    await insertDynamicAccount(db(), holder.id);
    await insertTrafficPackage(db(), {
      userId: holder.id,
      totalBytes: 1000n,
      expiresAt: inDays(5),
    });
    const first = await snapshotOf(dynamicNode.apiKey);
    const entryId = await insertAllowlistEntry(db(), { userId: holder.id, cidr: nextCidr() });
    const withEntry = await snapshotOf(dynamicNode.apiKey, first.version);
    expect(withEntry.unchanged).toBe(false);
    const subUser = await insertSubUser(db(), { userId: holder.id });
    const withSubUser = await snapshotOf(dynamicNode.apiKey, withEntry.version);
    expect(withSubUser.unchanged).toBe(false);
    expect(withSubUser.snapshot?.subUsers.map((entry) => entry.subUserId)).toContain(subUser.id);
    // A cap change moves the remaining bytes, hence the version.
    await db().update(subUsers).set({ capBytes: 10n }).where(eq(subUsers.id, subUser.id));
    const capped = await snapshotOf(dynamicNode.apiKey, withSubUser.version);
    expect(capped.unchanged).toBe(false);

    await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, holder.id));
    const disabled = await snapshotOf(dynamicNode.apiKey, capped.version);
    expect(disabled.unchanged).toBe(false);
    expect(disabled.snapshot?.allowlist.map((entry) => entry.entryId)).not.toContain(entryId);
    expect(disabled.snapshot?.subUsers.map((entry) => entry.subUserId)).not.toContain(subUser.id);

    await db().update(users).set({ disabledAt: null }).where(eq(users.id, holder.id));
    await db().delete(ipAllowlistEntries).where(eq(ipAllowlistEntries.id, entryId));
    const removed = await fullSnapshot(dynamicNode.apiKey);
    expect(removed.allowlist.map((entry) => entry.entryId)).not.toContain(entryId);
  });
});
