import {
  createAdminNode,
  disableAdminNode,
  enableAdminNode,
  errors,
  getAdminNode,
  getNodeCredentials,
  listAdminNodes,
  NODE_OFFLINE_AFTER_SECONDS,
  rotateAdminNodeKey,
  type EndpointQuery,
  type NodeHeartbeat,
} from '@stratus/contract';
import { auditLog, eq, gatewayNodes, ipAddresses, nodeHeartbeats } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../tokens.ts';
import { addIps, seedStaticIpPlan } from '../../../test/catalog.ts';
import { auditEntriesOf } from '../../../test/audit.ts';
import {
  expectAccessPerPermissionTable,
  registerCustomer,
  registerStaffTeam,
  type StaffTeam,
} from '../../../test/accounts.ts';
import { addTestNode } from '../../../test/usage.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { deleteHeartbeatsBefore } from './heartbeat-repo.ts';

const english = { 'accept-language': 'en-US' };
const PUBLIC_URL = 'https://console.example.com';

/** A heartbeat as a gateway sends it with its poll (the applied version travels as `since`). */
function heartbeatQuery(
  since: string | undefined,
  overrides: Partial<Omit<NodeHeartbeat, 'snapshotVersion'>> = {},
): EndpointQuery<typeof getNodeCredentials> {
  return {
    since,
    gatewayVersion: '0.1.0',
    uptimeSeconds: 120,
    openConnections: 7,
    bytesInPerSecond: 1_500,
    bytesOutPerSecond: 96_000,
    pendingUsageBatches: 2,
    v2rayState: 'running',
    cpuPercent: 3.25,
    memoryBytes: 81_920_000,
    ...overrides,
  };
}

describe.each(testEngines)('the gateway nodes API on %s', (engine) => {
  let testApp: TestApp;
  let team: StaffTeam;
  let customerToken: string;

  beforeAll(async () => {
    testApp = await createTestApp(engine, { env: { PUBLIC_URL } });
    team = await registerStaffTeam(testApp);
    customerToken = (await registerCustomer(testApp)).token;
  });
  afterAll(() => testApp?.close());

  const db = () => testApp.database.db;
  const asOps = { token: () => team.ops.token };
  const poll = (apiKey: string, query: unknown) =>
    callEndpoint(testApp.app, getNodeCredentials, { token: apiKey, rawQuery: query });
  const listNodes = async () =>
    (await callEndpoint(testApp.app, listAdminNodes, { token: asOps.token() })).data().items;
  const nodeOf = async (id: string) =>
    (
      await callEndpoint(testApp.app, getAdminNode, { token: asOps.token(), params: { id } })
    ).data();
  const addNode = async (name = `edge-${randomUUID().slice(0, 8)}`) =>
    (
      await callEndpoint(testApp.app, createAdminNode, {
        token: asOps.token(),
        body: { name, host: '203.0.113.7' },
      })
    ).data();

  it('opens every endpoint to the roles the permission table names', async () => {
    const someNode = await addTestNode(db());
    await expectAccessPerPermissionTable(testApp, listAdminNodes, {
      team,
      customerToken,
      call: async () => ({}),
    });
    await expectAccessPerPermissionTable(testApp, getAdminNode, {
      team,
      customerToken,
      call: async () => ({ params: { id: someNode.id } }),
    });
    await expectAccessPerPermissionTable(testApp, createAdminNode, {
      team,
      customerToken,
      call: async () => ({
        body: { name: `perm-${randomUUID().slice(0, 8)}`, host: 'gw.example.com' },
      }),
    });
    await expectAccessPerPermissionTable(testApp, rotateAdminNodeKey, {
      team,
      customerToken,
      call: async () => ({ params: { id: (await addTestNode(db())).id } }),
    });
    await expectAccessPerPermissionTable(testApp, disableAdminNode, {
      team,
      customerToken,
      call: async () => ({ params: { id: (await addTestNode(db())).id } }),
    });
    await expectAccessPerPermissionTable(testApp, enableAdminNode, {
      team,
      customerToken,
      call: async () => {
        const { id } = await addTestNode(db());
        await db().update(gatewayNodes).set({ status: 'disabled' }).where(eq(gatewayNodes.id, id));
        return { params: { id } };
      },
    });
  });

  it('adds a node: its key once, with the command that starts its gateway, audited', async () => {
    const response = await callEndpoint(testApp.app, createAdminNode, {
      token: team.ops.token,
      body: { name: 'tokyo-1', host: ' Node-1.Example.com ' },
    });
    const issued = response.data();
    expect(issued.apiKey).toMatch(/^gnk_[\w-]{40,}$/);
    expect(issued.node).toMatchObject({
      name: 'tokyo-1',
      host: 'node-1.example.com',
      status: 'active',
      lastSeenAt: null,
      online: false,
      heartbeat: null,
      snapshotLag: null,
      ipCounts: { available: 0, allocated: 0, cooling: 0, quarantined: 0, retired: 0 },
    });
    expect(issued.environment).toEqual([
      { name: 'GATEWAY_API_URL', value: PUBLIC_URL },
      { name: 'GATEWAY_NODE_KEY', value: issued.apiKey },
      { name: 'GATEWAY_NODE_ID', value: issued.node.id },
    ]);
    expect(issued.command).toBe(
      `GATEWAY_API_URL=${PUBLIC_URL} GATEWAY_NODE_KEY=${issued.apiKey} ` +
        `GATEWAY_NODE_ID=${issued.node.id} npm run gateway`,
    );
    // Only the hash is kept; the key polls as the node, and is never answered again.
    const [row] = await db().select().from(gatewayNodes).where(eq(gatewayNodes.id, issued.node.id));
    expect(row?.apiKeyHash).toBe(hashToken(issued.apiKey));
    expect((await poll(issued.apiKey, {})).statusCode).toBe(200);
    expect(JSON.stringify(await listNodes())).not.toContain(issued.apiKey);
    expect(await auditEntriesOf(testApp, issued.node.id)).toEqual([
      expect.objectContaining({
        actorId: team.ops.id,
        actorRole: 'ops',
        action: 'node.create',
        targetType: 'node',
        changes: {
          name: { before: null, after: 'tokyo-1' },
          host: { before: null, after: 'node-1.example.com' },
          status: { before: null, after: 'active' },
        },
      }),
    ]);
  });

  it('refuses a taken name and bad input, changing and recording nothing', async () => {
    const entries = (await db().select().from(auditLog)).length;
    const nodes = (await listNodes()).length;
    const taken = await callEndpoint(testApp.app, createAdminNode, {
      token: team.owner.token,
      headers: english,
      body: { name: 'tokyo-1', host: '198.51.100.1' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: errors.nodeNameTaken.code,
      message: 'A node named tokyo-1 exists already; choose another name (or rotate its key)',
      data: null,
    });
    for (const [body, field] of [
      [{ name: 'bad name', host: '198.51.100.1' }, 'name'],
      [{ name: '', host: '198.51.100.1' }, 'name'],
      [{ name: 'osaka-1', host: 'not a host!' }, 'host'],
      [{ name: 'osaka-1' }, 'host'],
    ] as const) {
      const refused = await callEndpoint(testApp.app, createAdminNode, {
        token: team.owner.token,
        headers: english,
        rawBody: body,
      });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({
        code: errors.validationFailed.code,
        data: { field },
      });
    }
    const badHost = await callEndpoint(testApp.app, createAdminNode, {
      token: team.owner.token,
      headers: english,
      rawBody: { name: 'osaka-1', host: 'not a host!' },
    });
    expect(badHost.json().message).toBe(
      "Invalid host: must be the node's public IP address or host name",
    );
    expect(await db().select().from(auditLog)).toHaveLength(entries);
    expect(await listNodes()).toHaveLength(nodes);
  });

  it('records each poll: heartbeat, online, in sync, IP counts and the minute series', async () => {
    const issued = await addNode();
    const plan = await seedStaticIpPlan(db(), { stock: 0 });
    await addIps(db(), { ...plan, nodeId: issued.node.id, count: 3 });
    const [retired] = await addIps(db(), { ...plan, nodeId: issued.node.id, count: 1 });
    await db().update(ipAddresses).set({ status: 'retired' }).where(eq(ipAddresses.id, retired!));

    const first = (await poll(issued.apiKey, heartbeatQuery(undefined))).data();
    // The next poll reports the version it was handed: in sync.
    const second = await poll(issued.apiKey, heartbeatQuery(first.version, { openConnections: 9 }));
    expect(second.data().unchanged).toBe(true);

    const listed = (await listNodes()).find((node) => node.id === issued.node.id)!;
    expect(listed).toMatchObject({
      online: true,
      heartbeat: {
        gatewayVersion: '0.1.0',
        uptimeSeconds: 120,
        snapshotVersion: first.version,
        openConnections: 9,
        bytesInPerSecond: 1_500,
        bytesOutPerSecond: 96_000,
        pendingUsageBatches: 2,
        v2rayState: 'running',
        cpuPercent: 3.25,
        memoryBytes: 81_920_000,
      },
      snapshotLag: { inSync: true, behindSince: null, lagSeconds: 0 },
      ipCounts: { available: 3, allocated: 0, cooling: 0, quarantined: 0, retired: 1 },
    });
    expect(Date.now() - Date.parse(listed.lastSeenAt!)).toBeLessThan(60_000);

    // Both polls fell in one or two minutes: one row per minute, the minute's last one kept.
    const detail = await nodeOf(issued.node.id);
    expect({ ...detail, series: undefined }).toEqual({ ...listed, series: undefined });
    expect(detail.series.length).toBeGreaterThanOrEqual(1);
    expect(detail.series.length).toBeLessThanOrEqual(2);
    expect(detail.series.at(-1)).toEqual({
      minute: expect.stringMatching(/:00\.000Z$/),
      openConnections: 9,
      bytesInPerSecond: 1_500,
      bytesOutPerSecond: 96_000,
      pendingUsageBatches: 2,
      cpuPercent: 3.25,
      memoryBytes: 81_920_000,
      v2rayState: 'running',
    });
  });

  it('turns a node offline after three poll intervals without a heartbeat', async () => {
    const issued = await addNode();
    await poll(issued.apiKey, heartbeatQuery(undefined));
    expect((await nodeOf(issued.node.id)).online).toBe(true);
    const silentSince = new Date(Date.now() - NODE_OFFLINE_AFTER_SECONDS * 1000 - 1);
    await db()
      .update(gatewayNodes)
      .set({ lastSeenAt: silentSince })
      .where(eq(gatewayNodes.id, issued.node.id));
    const offline = await nodeOf(issued.node.id);
    expect(offline).toMatchObject({ online: false, lastSeenAt: silentSince.toISOString() });
    // The last heartbeat stays to read; the next poll brings the node back.
    expect(offline.heartbeat?.gatewayVersion).toBe('0.1.0');
    await poll(issued.apiKey, heartbeatQuery(undefined));
    expect((await nodeOf(issued.node.id)).online).toBe(true);
  });

  it('tells how long a node has been behind on its snapshot, until it catches up', async () => {
    const issued = await addNode();
    const served = (await poll(issued.apiKey, heartbeatQuery(undefined))).data().version;
    // Still on a version it was never handed (it failed to apply the snapshot): behind.
    await poll(issued.apiKey, heartbeatQuery('stale-version'));
    const behind = (await nodeOf(issued.node.id)).snapshotLag!;
    expect(behind).toMatchObject({ inSync: false, behindSince: expect.any(String) });
    await poll(issued.apiKey, heartbeatQuery('stale-version'));
    // Behind since the first poll that found it so.
    expect((await nodeOf(issued.node.id)).snapshotLag?.behindSince).toBe(behind.behindSince);
    await poll(issued.apiKey, heartbeatQuery(served));
    expect((await nodeOf(issued.node.id)).snapshotLag).toEqual({
      inSync: true,
      behindSince: null,
      lagSeconds: 0,
    });
  });

  it('lets a gateway without heartbeats poll, and refuses a partial or malformed one', async () => {
    const issued = await addNode();
    await poll(issued.apiKey, heartbeatQuery(undefined));
    const older = await poll(issued.apiKey, {});
    expect(older.statusCode).toBe(200);
    const node = await nodeOf(issued.node.id);
    expect(node).toMatchObject({ online: true, heartbeat: null, snapshotLag: null });
    const rows = () =>
      db().select().from(nodeHeartbeats).where(eq(nodeHeartbeats.nodeId, issued.node.id));
    const minutes = (await rows()).length;

    const partial = await callEndpoint(testApp.app, getNodeCredentials, {
      token: issued.apiKey,
      headers: english,
      rawQuery: { gatewayVersion: '0.1.0', uptimeSeconds: 5 },
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toMatchObject({
      code: errors.validationFailed.code,
      message: 'Invalid openConnections: is required',
      data: { field: 'openConnections' },
    });
    for (const [field, value] of [
      ['cpuPercent', 'busy'],
      ['memoryBytes', '-1'],
      ['v2rayState', 'exploded'],
      ['openConnections', '1.5'],
      ['bytesInPerSecond', '1e300'],
    ] as const) {
      const malformed = await callEndpoint(testApp.app, getNodeCredentials, {
        token: issued.apiKey,
        headers: english,
        rawQuery: { ...heartbeatQuery(undefined), [field]: value },
      });
      expect(malformed.statusCode, field).toBe(400);
      expect(malformed.json().data.field).toBe(field);
    }
    expect((await nodeOf(issued.node.id)).heartbeat).toBeNull();
    expect(await rows()).toHaveLength(minutes);
  });

  it('rotates a key: the old one is refused at once, the new one answered once', async () => {
    const issued = await addNode();
    const rotated = (
      await callEndpoint(testApp.app, rotateAdminNodeKey, {
        token: team.owner.token,
        params: { id: issued.node.id },
      })
    ).data();
    expect(rotated.apiKey).not.toBe(issued.apiKey);
    expect(rotated.environment[1]).toEqual({ name: 'GATEWAY_NODE_KEY', value: rotated.apiKey });
    expect((await poll(issued.apiKey, {})).statusCode).toBe(401);
    expect((await poll(rotated.apiKey, {})).statusCode).toBe(200);
    const entries = await auditEntriesOf(testApp, issued.node.id);
    expect(entries.at(-1)).toMatchObject({
      actorId: team.owner.id,
      action: 'node.rotate_key',
      changes: { apiKey: { before: '[redacted]', after: '[redacted, new]' } },
    });
    expect(JSON.stringify(entries)).not.toContain(rotated.apiKey);
  });

  it('disables a node (its polls refused, shown offline) and enables it again', async () => {
    const issued = await addNode();
    await poll(issued.apiKey, heartbeatQuery(undefined));
    const disabled = await callEndpoint(testApp.app, disableAdminNode, {
      token: team.ops.token,
      params: { id: issued.node.id },
    });
    expect(disabled.data()).toMatchObject({ status: 'disabled', online: false });
    const refused = await poll(issued.apiKey, heartbeatQuery(undefined));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe(errors.nodeKeyInvalid.code);

    const again = await callEndpoint(testApp.app, disableAdminNode, {
      token: team.ops.token,
      headers: english,
      params: { id: issued.node.id },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: errors.nodeAlreadyDisabled.code,
      message: 'This node is already disabled',
      data: null,
    });

    const enabled = await callEndpoint(testApp.app, enableAdminNode, {
      token: team.ops.token,
      params: { id: issued.node.id },
    });
    expect(enabled.data().status).toBe('active');
    expect((await poll(issued.apiKey, heartbeatQuery(undefined))).statusCode).toBe(200);
    expect((await nodeOf(issued.node.id)).online).toBe(true);
    const enabledAgain = await callEndpoint(testApp.app, enableAdminNode, {
      token: team.ops.token,
      params: { id: issued.node.id },
    });
    expect(enabledAgain.statusCode).toBe(409);
    expect(enabledAgain.json().code).toBe(errors.nodeNotDisabled.code);

    const entries = await auditEntriesOf(testApp, issued.node.id);
    expect(entries.map((entry) => [entry.action, entry.changes])).toEqual([
      ['node.create', expect.any(Object)],
      ['node.disable', { status: { before: 'active', after: 'disabled' } }],
      ['node.enable', { status: { before: 'disabled', after: 'active' } }],
    ]);
  });

  it('answers 404 for a node that does not exist, on every endpoint about one', async () => {
    const id = randomUUID();
    for (const endpoint of [getAdminNode, rotateAdminNodeKey, disableAdminNode, enableAdminNode]) {
      const response = await callEndpoint(testApp.app, endpoint, {
        token: team.owner.token,
        headers: english,
        params: { id },
      });
      expect(response.statusCode, endpoint.path).toBe(404);
      expect(response.json()).toEqual({
        code: errors.nodeNotFound.code,
        message: 'No such gateway node',
        data: null,
      });
    }
    const badId = await callEndpoint(testApp.app, getAdminNode, {
      token: team.owner.token,
      rawParams: { id: 'not-a-uuid' },
    });
    expect(badId.statusCode).toBe(400);
  });

  it('prunes heartbeat minutes older than the cut-off', async () => {
    const issued = await addNode();
    await db()
      .insert(nodeHeartbeats)
      .values(
        [10, 2].map((daysAgo) => ({
          nodeId: issued.node.id,
          minute: new Date(Date.now() - daysAgo * 86_400_000),
          gatewayVersion: '0.1.0',
          uptimeSeconds: 1,
          openConnections: 0,
          bytesInPerSecond: 0,
          bytesOutPerSecond: 0,
          pendingUsageBatches: 0,
          v2rayState: 'absent',
          cpuPercent: 0,
          memoryBytes: 1,
        })),
      );
    const deleted = await deleteHeartbeatsBefore(db(), new Date(Date.now() - 7 * 86_400_000));
    expect(deleted).toBeGreaterThanOrEqual(1);
    const left = await db()
      .select()
      .from(nodeHeartbeats)
      .where(eq(nodeHeartbeats.nodeId, issued.node.id));
    expect(left).toHaveLength(1);
  });
});
