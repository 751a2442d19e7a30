import {
  createInstanceCheck,
  createStaticIpOrder,
  getInstanceCheck,
  getNodeCredentials,
  reportNodeInstanceCheck,
  type Instance,
} from '@stratus/contract';
import { eq, gatewayNodes, instanceChecks, proxyInstances } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { addIps, seedStaticIpPlan } from '../../../test/catalog.ts';
import { creditWallet } from '../../../test/wallet.ts';
import { addTestNode } from '../../../test/usage.ts';

describe.each(testEngines)('connectivity checks on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());
  const db = () => testApp.database.db;

  const setUp = async () => {
    const node = await addTestNode(db());
    const plan = await seedStaticIpPlan(db(), { stock: 0 });
    await addIps(db(), {
      nodeId: node.id,
      regionId: plan.regionId,
      lineType: plan.lineType,
      count: 1,
    });
    const { token, user } = await registerCustomer(testApp);
    await creditWallet(db(), { userId: user.id, amountFen: 100_000n });
    const bought = await callEndpoint(testApp.app, createStaticIpOrder, {
      token,
      body: { planId: plan.planId, durationDays: 30, quantity: 1 },
    });
    return { node, token, user, instance: bought.data().instances[0]! as Instance };
  };
  const ask = (token: string, id: string) =>
    callEndpoint(testApp.app, createInstanceCheck, { token, params: { id } });
  const read = (token: string, id: string, checkId: string) =>
    callEndpoint(testApp.app, getInstanceCheck, { token, params: { id, checkId } });
  const poll = async (apiKey: string) =>
    (await callEndpoint(testApp.app, getNodeCredentials, { token: apiKey, query: {} })).data()
      .checks;
  const report = (apiKey: string, checkId: string, body: Parameters<typeof okReport>[0] = {}) =>
    callEndpoint(testApp.app, reportNodeInstanceCheck, {
      token: apiKey,
      params: { checkId },
      body: okReport(body),
    });
  function okReport(overrides: { latencyMs?: number } = {}) {
    return { ok: true, failure: null, latencyMs: overrides.latencyMs ?? 42, egressIp: '10.9.9.9' };
  }

  it('creates a pending check, lists it in the node poll, records the node’s report once', async () => {
    const { node, token, instance } = await setUp();
    const created = await ask(token, instance.id);
    expect(created.statusCode).toBe(200);
    const check = created.data();
    expect(check).toMatchObject({ status: 'pending', instanceId: instance.id, failure: null });
    // Asking again while it is pending answers the same check.
    expect((await ask(token, instance.id)).data().id).toBe(check.id);

    expect(await poll(node.apiKey)).toEqual([
      { checkId: check.id, instanceId: instance.id, ip: instance.ip, port: instance.port },
    ]);
    const otherNode = await addTestNode(db());
    expect(await poll(otherNode.apiKey)).toEqual([]);
    // Another node cannot report it.
    const foreign = await report(otherNode.apiKey, check.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe(80404);

    const first = await report(node.apiKey, check.id, { latencyMs: 37 });
    expect(first.data()).toEqual({ recorded: true });
    const second = await report(node.apiKey, check.id, { latencyMs: 99 });
    expect(second.data()).toEqual({ recorded: false });
    const done = (await read(token, instance.id, check.id)).data();
    expect(done).toMatchObject({ status: 'ok', latencyMs: 37, egressIp: '10.9.9.9' });
    expect(done.completedAt).not.toBeNull();
    expect(await poll(node.apiKey)).toEqual([]);
  });

  it('holds a poll for its wait and ends the hold when a check of its node is asked for', async () => {
    const { node, token, instance } = await setUp();
    const pollOnce = (query: { since?: string; wait?: number }) =>
      callEndpoint(testApp.app, getNodeCredentials, { token: node.apiKey, query });
    const timed = async (query: { since?: string; wait?: number }) => {
      const started = performance.now();
      const answer = (await pollOnce(query)).data();
      return { answer, ms: performance.now() - started };
    };
    // Without `since` (a node with no snapshot yet) the poll is answered at once.
    const first = await timed({ wait: 3 });
    expect(first.ms).toBeLessThan(2_000);
    const { version } = first.answer;

    // Nothing asked for: held for its wait, then answered unchanged and empty.
    const idle = await timed({ since: version, wait: 1 });
    expect(idle.answer).toMatchObject({ unchanged: true, checks: [] });
    expect(idle.ms).toBeGreaterThanOrEqual(900);

    let answered = false;
    const held = pollOnce({ since: version, wait: 3 }).then((response) => {
      answered = true;
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    const started = performance.now();
    const check = (await ask(token, instance.id)).data();
    const handed = {
      checkId: check.id,
      instanceId: instance.id,
      ip: instance.ip,
      port: instance.port,
    };
    expect((await held).data()).toMatchObject({ unchanged: true, checks: [handed] });
    expect(performance.now() - started).toBeLessThan(2_000);

    // The check is handed out again with every answer, but no longer ends a hold.
    const again = await timed({ since: version, wait: 1 });
    expect(again.answer.checks).toEqual([handed]);
    expect(again.ms).toBeGreaterThanOrEqual(900);

    // A check asked for between two polls ends the next one at once.
    await report(node.apiKey, check.id);
    const next = (await ask(token, instance.id)).data();
    const between = await timed({ since: version, wait: 3 });
    expect(between.answer.checks).toEqual([{ ...handed, checkId: next.id }]);
    expect(between.ms).toBeLessThan(2_000);

    // A wait longer than one poll interval is refused.
    expect((await pollOnce({ since: version, wait: 4 })).statusCode).toBe(400);
  });

  it('does not record a poll whose node hung up during the hold', async () => {
    const { node } = await setUp();
    const { version } = (
      await callEndpoint(testApp.app, getNodeCredentials, { token: node.apiKey, query: {} })
    ).data();
    const lastSeen = async () =>
      (await db().select().from(gatewayNodes).where(eq(gatewayNodes.id, node.id)))[0]!.lastSeenAt;
    const seenBefore = await lastSeen();
    const origin = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const hangUp = new AbortController();
    const poll = fetch(`${origin}/api/node/credentials?since=${version}&wait=1`, {
      headers: { authorization: `Bearer ${node.apiKey}` },
      signal: hangUp.signal,
    }).catch(() => 'hung up');
    await new Promise((resolve) => setTimeout(resolve, 200));
    hangUp.abort();
    expect(await poll).toBe('hung up');
    // Past the hold: the poll would have been recorded by now.
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(await lastSeen()).toEqual(seenBefore);
  });

  it('reads a check the node never reported as failed (timeout) after 30 seconds', async () => {
    const { node, token, instance } = await setUp();
    const check = (await ask(token, instance.id)).data();
    await db()
      .update(instanceChecks)
      .set({ requestedAt: new Date(Date.now() - 31_000) })
      .where(eq(instanceChecks.id, check.id));
    expect(await poll(node.apiKey)).toEqual([]);
    expect((await read(token, instance.id, check.id)).data()).toMatchObject({
      status: 'failed',
      failure: 'timeout',
    });
    // A late report changes nothing.
    expect((await report(node.apiKey, check.id)).data()).toEqual({ recorded: false });
  });

  it('allows 10 checks per instance per hour', async () => {
    const { node, token, instance } = await setUp();
    for (let index = 0; index < 10; index += 1) {
      const check = (await ask(token, instance.id)).data();
      await report(node.apiKey, check.id);
    }
    const refused = await ask(token, instance.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(80403);
  });

  it('refuses someone else’s instance or check (404) and an expired instance', async () => {
    const { token, instance } = await setUp();
    const check = (await ask(token, instance.id)).data();
    const stranger = await registerCustomer(testApp);
    expect((await ask(stranger.token, instance.id)).statusCode).toBe(404);
    const foreignRead = await read(stranger.token, instance.id, check.id);
    expect(foreignRead.statusCode).toBe(404);
    expect(foreignRead.json().code).toBe(80404);
    await db()
      .update(proxyInstances)
      .set({ status: 'expired' })
      .where(eq(proxyInstances.id, instance.id));
    const expired = await ask(token, instance.id);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().code).toBe(80402);
  });
});
