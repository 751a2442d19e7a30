import {
  createStaticIpOrder,
  getAdminIp,
  getInstance,
  getAdminIpOverview,
  importAdminIps,
  listAdminIps,
  listInstances,
  quarantineAdminIp,
  quarantineAdminIps,
  releaseAdminIp,
  releaseAdminIps,
  retireAdminIp,
  retireAdminIps,
  type EndpointDefinition,
  type ImportAdminIpsBody,
  type StaffRole,
} from '@stratus/contract';
import { and, auditLog, eq, ipAddresses, regions } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callEndpoint, type CallOptions } from '../../../test/call-endpoint.ts';
import { addIps } from '../../../test/catalog.ts';
import { creditWallet } from '../../../test/wallet.ts';
import {
  expectAccessPerPermissionTable,
  registerCustomer,
  registerStaffTeam,
  type StaffTeam,
} from '../../../test/accounts.ts';
import { addGatewayNode } from '../nodes/public.ts';
import { poolSnapshot, putIpsInStatus, seedPool } from '../../../test/inventory.ts';

const english = { 'accept-language': 'en-US' };
const chinese = { 'accept-language': 'zh-CN' };

const csvHeader =
  'address,port,vmess_port,country,country_zh,country_en,city,city_zh,city_en,line_type';
const osakaRow = (address: string) =>
  `${address},8000,10086,JP,日本,Japan,osaka,大阪,Osaka,datacenter`;

describe.each(testEngines)('the IP inventory API on %s', (engine) => {
  let testApp: TestApp;
  let team: StaffTeam;
  let customer: Awaited<ReturnType<typeof registerCustomer>>;
  let pool: Awaited<ReturnType<typeof seedPool>>;

  beforeAll(async () => {
    testApp = await createTestApp(engine);
    team = await registerStaffTeam(testApp);
    customer = await registerCustomer(testApp, { email: 'buyer@shop.example' });
    await creditWallet(testApp.database.db, { userId: customer.id, amountFen: 1_000_000n });
    pool = await seedPool(testApp.database.db, { stock: 4, pricesFen: { 30: 3_000n } });
    const added = await addGatewayNode({
      db: testApp.database.db,
      name: 'osaka-1',
      host: '203.0.113.20',
    });
    expect(added.ok).toBe(true);
  });
  afterAll(() => testApp?.close());

  const db = () => testApp.database.db;
  const call = <E extends EndpointDefinition>(
    endpoint: E,
    options: CallOptions<E> = {},
    token: string = team.ops.token,
  ) => callEndpoint(testApp.app, endpoint, { token, headers: english, ...options });

  /** A fresh available address of the pool's plan. */
  const freshIp = async () => {
    const [id] = await addIps(db(), {
      nodeId: pool.nodeId,
      regionId: pool.regionId,
      lineType: pool.lineType,
      count: 1,
    });
    return id!;
  };
  const freshQuarantinedIp = async () => {
    const id = await freshIp();
    await putIpsInStatus(db(), [id], 'quarantined', 'blacklisted');
    return id;
  };
  const buyOne = async () => {
    const response = await callEndpoint(testApp.app, createStaticIpOrder, {
      token: customer.token,
      body: { planId: pool.planId, durationDays: 30, quantity: 1 },
    });
    return response.data().instances[0]!;
  };
  const ipIdOf = async (address: string) => {
    const [row] = await db().select().from(ipAddresses).where(eq(ipAddresses.address, address));
    return row!.id;
  };
  const auditOf = (targetId: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'ip'), eq(auditLog.targetId, targetId)));

  describe('access', () => {
    it('answers every endpoint to the roles the permission table gives it', async () => {
      const access = <E extends EndpointDefinition>(
        endpoint: E,
        options: (role: StaffRole | 'customer' | 'anonymous') => Promise<CallOptions<E>>,
      ) =>
        expectAccessPerPermissionTable(testApp, endpoint, {
          team,
          customerToken: customer.token,
          call: async (role) => {
            const { token: _token, ...rest } = await options(role);
            return rest;
          },
        });
      const anyIp = await freshIp();
      await access(listAdminIps, async () => ({}));
      await access(getAdminIpOverview, async () => ({}));
      await access(getAdminIp, async () => ({ params: { id: anyIp } }));
      const reason = { reason: 'blacklisted by a mail provider' };
      await access(quarantineAdminIp, async () => ({
        params: { id: await freshIp() },
        body: reason,
      }));
      await access(releaseAdminIp, async () => ({
        params: { id: await freshQuarantinedIp() },
        body: {},
      }));
      await access(retireAdminIp, async () => ({ params: { id: await freshIp() }, body: reason }));
      await access(quarantineAdminIps, async () => ({
        body: { ids: [await freshIp()], ...reason },
      }));
      await access(releaseAdminIps, async () => ({ body: { ids: [await freshQuarantinedIp()] } }));
      await access(retireAdminIps, async () => ({ body: { ids: [await freshIp()], ...reason } }));
      await access(importAdminIps, async () => ({
        body: {
          dryRun: true,
          node: 'osaka-1',
          format: 'ranges',
          text: '192.0.2.0/30',
          region: pool.regionCode,
          lineType: 'datacenter',
          port: 1080,
          vmessPort: 10086,
        } satisfies ImportAdminIpsBody,
      }));
    });
  });

  describe('import', () => {
    const csvImport = (text: string, dryRun: boolean, node = 'osaka-1'): ImportAdminIpsBody => ({
      dryRun,
      node,
      format: 'csv',
      text,
    });

    it('previews a CSV line by line, in the reader’s language, and writes nothing', async () => {
      const taken = await freshIp();
      const [takenRow] = await db().select().from(ipAddresses).where(eq(ipAddresses.id, taken));
      const text = [
        csvHeader,
        osakaRow('198.51.100.1'),
        osakaRow('198.51.100.300'),
        osakaRow('198.51.100.1'),
        osakaRow(takenRow!.address),
        '198.51.100.2,70000,10086,JP,日本,Japan,osaka,大阪,Osaka,fibre',
        osakaRow('2001:DB8:0::7'),
      ].join('\r\n');
      const before = await poolSnapshot(db());
      const response = await call(importAdminIps, { body: csvImport(text, true) });
      expect(response.statusCode).toBe(200);
      const preview = response.data();
      expect(preview.dryRun).toBe(true);
      expect(preview.applied).toBe(false);
      expect(preview.totals).toEqual({
        rows: 6,
        valid: 2,
        errors: 4,
        regionsCreated: ['JP/osaka'],
      });
      expect(preview.rows.map((row) => [row.line, row.address, row.error])).toEqual([
        [2, '198.51.100.1', null],
        [3, '198.51.100.300', 'address: "198.51.100.300" is not an IP address'],
        [4, '198.51.100.1', 'repeats the address of line 2'],
        [5, takenRow!.address, `already in the pool of another node, ${pool.nodeName}`],
        [
          6,
          '198.51.100.2',
          'port: must be between 1 and 65535; line_type: must be one of isp_residential, datacenter',
        ],
        [7, '2001:db8::7', null],
      ]);
      expect(preview.rows[0]).toMatchObject({
        region: 'JP/osaka',
        lineType: 'datacenter',
        port: 8000,
        vmessPort: 10086,
      });
      const inChinese = await call(importAdminIps, {
        body: csvImport(text, true),
        headers: chinese,
      });
      expect(inChinese.data().rows[2]?.error).toBe('与第 2 行的地址重复');
      expect(inChinese.data().rows[3]?.error).toBe(`已属于另一个节点 ${pool.nodeName}`);
      expect(await poolSnapshot(db())).toEqual(before);
    });

    it('refuses an apply with any line error, answering the rows at fault and writing nothing', async () => {
      const text = [csvHeader, osakaRow('198.51.100.11'), osakaRow('198.51.100.11')].join('\n');
      const before = await poolSnapshot(db());
      const response = await call(importAdminIps, { body: csvImport(text, false) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 70502,
        message:
          'The import has 1 row(s) with errors; nothing was imported. Preview and fix them first',
        data: {
          totals: { rows: 2, valid: 1, errors: 1, regionsCreated: [] },
          rows: [
            {
              line: 3,
              address: '198.51.100.11',
              region: 'JP/osaka',
              lineType: 'datacenter',
              port: 8000,
              vmessPort: 10086,
              error: 'repeats the address of line 2',
            },
          ],
        },
      });
      expect(await poolSnapshot(db())).toEqual(before);
    });

    it('applies a clean CSV in one go, creating the region, with its audit entry', async () => {
      const text = [csvHeader, osakaRow('198.51.100.21'), osakaRow('2001:db8::21')].join('\n');
      const applied = (await call(importAdminIps, { body: csvImport(text, false) })).data();
      expect(applied).toMatchObject({
        dryRun: false,
        applied: true,
        totals: { rows: 2, valid: 2, errors: 0, regionsCreated: ['JP/osaka'] },
      });
      const rows = await db()
        .select()
        .from(ipAddresses)
        .where(eq(ipAddresses.address, '198.51.100.21'));
      expect(rows[0]).toMatchObject({ status: 'available', port: 8000, lineType: 'datacenter' });
      const [osaka] = await db().select().from(regions).where(eq(regions.cityCode, 'osaka'));
      expect(osaka).toMatchObject({ country: 'JP', cityNameZh: '大阪', cityNameEn: 'Osaka' });
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'ip.import'), eq(auditLog.actorId, team.ops.id)));
      expect(entry).toMatchObject({
        actorRole: 'ops',
        targetType: 'node',
        changes: {
          imported: { before: null, after: 2 },
          regionsCreated: { before: null, after: ['JP/osaka'] },
        },
      });

      // The same addresses again: each is already in this node's pool now.
      const again = (await call(importAdminIps, { body: csvImport(text, true) })).data();
      expect(again.rows.map((row) => row.error)).toEqual([
        "already in this node's pool (Available)",
        "already in this node's pool (Available)",
      ]);
    });

    it('reads pasted ranges into an existing region with the given line and ports', async () => {
      const body = {
        dryRun: true,
        node: 'osaka-1',
        format: 'ranges',
        text: '# a new block\n203.0.113.0/30, 203.0.113.8-9\n203.0.113.77/29',
        region: 'JP/osaka',
        lineType: 'isp_residential',
        port: 1081,
        vmessPort: 10087,
      } satisfies ImportAdminIpsBody;
      const preview = (await call(importAdminIps, { body })).data();
      expect(preview.rows.map((row) => [row.line, row.address, row.error])).toEqual([
        [2, '203.0.113.1', null],
        [2, '203.0.113.2', null],
        [2, '203.0.113.8', null],
        [2, '203.0.113.9', null],
        [
          3,
          '203.0.113.77/29',
          '"203.0.113.77/29" is not a block start; did you mean 203.0.113.72/29?',
        ],
      ]);
      const fixed = { ...body, dryRun: false, text: '203.0.113.0/30, 203.0.113.8-9' };
      expect((await call(importAdminIps, { body: fixed })).data().totals).toEqual({
        rows: 4,
        valid: 4,
        errors: 0,
        regionsCreated: [],
      });
      const [row] = await db()
        .select()
        .from(ipAddresses)
        .where(eq(ipAddresses.address, '203.0.113.9'));
      expect(row).toMatchObject({ port: 1081, vmessPort: 10087, lineType: 'isp_residential' });
    });

    it('refuses an unknown node or region, an empty or oversized import, and bad bodies', async () => {
      const before = await poolSnapshot(db());
      const ranges = {
        dryRun: false,
        node: 'osaka-1',
        format: 'ranges',
        text: '192.0.2.1',
        region: 'JP/osaka',
        lineType: 'datacenter',
        port: 1080,
        vmessPort: 10086,
      } satisfies ImportAdminIpsBody;
      const cases: [CallOptions<typeof importAdminIps>, number, number, string][] = [
        [{ body: { ...ranges, node: 'nowhere' } }, 404, 70503, 'No gateway node is named nowhere'],
        [
          { body: { ...ranges, region: 'FR/paris' } },
          404,
          70504,
          'No region FR/paris; add it to the catalog first',
        ],
        [
          { body: { ...ranges, text: '# nothing\n\n' } },
          400,
          70506,
          'There is no address to import',
        ],
        [
          { body: { ...ranges, text: '10.1.0.0/20\n10.2.0.0/20\n10.3.0.0/20' } },
          400,
          70505,
          'One import may hold at most 10000 addresses; split it',
        ],
        [{ body: csvImport('', false) }, 400, 10001, 'Invalid text: is required'],
        [{ rawBody: { ...ranges, format: 'xml' } }, 400, 10001, 'Invalid format: is invalid'],
        [
          { rawBody: { ...ranges, port: 70000 } },
          400,
          10001,
          'Invalid port: must be at most 65535',
        ],
      ];
      for (const [options, status, code, message] of cases) {
        const response = await call(importAdminIps, options);
        expect(response.json(), message).toMatchObject({ code, message });
        expect(response.statusCode).toBe(status);
      }
      expect(await poolSnapshot(db())).toEqual(before);
    });
  });
  describe('quarantine, release and retire', () => {
    it('quarantines an address with its reason, audited, and releases it back to the pool', async () => {
      const id = await freshIp();
      const quarantined = await call(quarantineAdminIp, {
        params: { id },
        body: { reason: ' blacklisted by Spamhaus ' },
      });
      expect(quarantined.data()).toMatchObject({
        id,
        status: 'quarantined',
        statusReason: 'blacklisted by Spamhaus',
        liveInstance: null,
        flaggedForReplacement: false,
      });
      const again = await call(quarantineAdminIp, { params: { id }, body: { reason: 'again' } });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe(70508);
      const released = await call(releaseAdminIp, { params: { id }, body: { reason: 'delisted' } });
      expect(released.data()).toMatchObject({ status: 'available', statusReason: null });
      const notQuarantined = await call(releaseAdminIp, { params: { id }, body: {} });
      expect(notQuarantined.statusCode).toBe(409);
      expect(notQuarantined.json().message).toMatch(/is not quarantined; nothing was changed$/);

      const entries = await auditOf(id);
      expect(entries.map((entry) => [entry.action, entry.actorId, entry.reason])).toEqual([
        ['ip.quarantine', team.ops.id, 'blacklisted by Spamhaus'],
        ['ip.release', team.ops.id, 'delisted'],
      ]);
      expect(entries[0]!.changes).toEqual({
        status: { before: 'available', after: 'quarantined' },
        statusReason: { before: null, after: 'blacklisted by Spamhaus' },
      });
      expect(entries[1]!.changes).toEqual({
        status: { before: 'quarantined', after: 'available' },
        statusReason: { before: 'blacklisted by Spamhaus', after: null },
      });
      const history = (await call(getAdminIp, { params: { id } })).data().history;
      expect(history.map((event) => [event.fromStatus, event.toStatus, event.reason])).toEqual([
        ['quarantined', 'available', ''],
        ['available', 'quarantined', 'blacklisted by Spamhaus'],
        [null, 'available', ''],
      ]);
    });

    it('flags a live instance on a quarantined address, refuses to retire it, releases it to allocated', async () => {
      const instance = await buyOne();
      const id = await ipIdOf(instance.ip);
      expect(instance.flaggedForReplacement).toBe(false);
      const quarantined = (
        await call(quarantineAdminIp, { params: { id }, body: { reason: 'abuse reports' } })
      ).data();
      expect(quarantined).toMatchObject({
        status: 'quarantined',
        flaggedForReplacement: true,
        liveInstance: {
          id: instance.id,
          customerId: customer.id,
          customerEmail: 'buyer@shop.example',
        },
      });
      // The customer sees it on their own list, and it keeps working meanwhile.
      const mine = await callEndpoint(testApp.app, listInstances, { token: customer.token });
      expect(mine.data().items.find((item) => item.id === instance.id)).toMatchObject({
        status: 'active',
        flaggedForReplacement: true,
      });
      const before = await poolSnapshot(db());
      const retire = await call(retireAdminIp, { params: { id }, body: { reason: 'gone' } });
      expect(retire.statusCode).toBe(409);
      expect(retire.json()).toMatchObject({ code: 70511 });
      expect(retire.json().message).toContain(instance.ip);
      expect(await poolSnapshot(db())).toEqual(before);

      const released = (await call(releaseAdminIp, { params: { id }, body: {} })).data();
      expect(released).toMatchObject({ status: 'allocated', flaggedForReplacement: false });
      const after = await callEndpoint(testApp.app, getInstance, {
        token: customer.token,
        params: { id: instance.id },
      });
      expect(after.data().flaggedForReplacement).toBe(false);
    });

    it('retires for good: a retired address changes no more', async () => {
      const id = await freshIp();
      const retired = (
        await call(retireAdminIp, {
          params: { id },
          body: { reason: 'provider returned the range' },
        })
      ).data();
      expect(retired).toMatchObject({
        status: 'retired',
        statusReason: 'provider returned the range',
      });
      for (const [endpoint, body] of [
        [quarantineAdminIp, { reason: 'x' }],
        [releaseAdminIp, {}],
        [retireAdminIp, { reason: 'x' }],
      ] as const) {
        const response = await call(endpoint, { params: { id }, body });
        expect(response.statusCode).toBe(409);
        expect(response.json().code).toBe(70510);
      }
      expect(await auditOf(id)).toHaveLength(1);
    });

    it('moves several addresses together or none of them', async () => {
      const [first, second] = [await freshIp(), await freshIp()];
      const blocked = await freshQuarantinedIp();
      const before = await poolSnapshot(db());
      const refused = await call(quarantineAdminIps, {
        body: { ids: [first, blocked, second], reason: 'whole range listed' },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe(70508);
      expect(await poolSnapshot(db())).toEqual(before);

      const done = (
        await call(quarantineAdminIps, { body: { ids: [second, first, first], reason: 'listed' } })
      ).data();
      expect(done.items.map((item) => [item.id, item.status]).sort()).toEqual(
        [
          [first, 'quarantined'],
          [second, 'quarantined'],
        ].sort(),
      );
      const released = (
        await call(releaseAdminIps, { body: { ids: [first, second, blocked] } })
      ).data();
      expect(released.items.every((item) => item.status === 'available')).toBe(true);
      expect((await auditOf(first)).map((entry) => entry.action)).toEqual([
        'ip.quarantine',
        'ip.release',
      ]);
    });

    it('refuses unknown addresses and missing reasons, changing nothing', async () => {
      const id = await freshIp();
      const before = await poolSnapshot(db());
      const unknown = await call(quarantineAdminIp, {
        params: { id: '00000000-0000-4000-8000-000000000000' },
        body: { reason: 'x' },
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 70501, message: 'No such IP address' });
      const partlyUnknown = await call(retireAdminIps, {
        body: { ids: [id, '00000000-0000-4000-8000-000000000000'], reason: 'x' },
      });
      expect(partlyUnknown.statusCode).toBe(404);
      const noReason = await call(quarantineAdminIp, { params: { id }, rawBody: { reason: '  ' } });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().message).toBe('Invalid reason: is required');
      const tooMany = await call(retireAdminIps, {
        rawBody: { ids: Array.from({ length: 201 }, () => id), reason: 'x' },
      });
      expect(tooMany.statusCode).toBe(400);
      const detail = await call(getAdminIp, {
        params: { id: '00000000-0000-4000-8000-000000000000' },
      });
      expect(detail.statusCode).toBe(404);
      expect(await poolSnapshot(db())).toEqual(before);
    });
  });

  describe('the list and one address', () => {
    let listed: string[];
    beforeAll(async () => {
      const added = await addGatewayNode({ db: db(), name: 'list-1', host: '203.0.113.30' });
      expect(added.ok).toBe(true);
      const kyoto = (address: string, line = 'datacenter') =>
        `${address},1080,10086,JP,日本,Japan,kyoto,京都,Kyoto,${line}`;
      const text = [
        csvHeader,
        kyoto('192.0.2.10'),
        kyoto('192.0.2.2'),
        kyoto('192.0.2.1'),
        kyoto('192.0.2.3', 'isp_residential'),
        kyoto('2001:db8:1::5'),
        kyoto('192.0.2.4'),
      ].join('\n');
      const imported = await call(importAdminIps, {
        body: { dryRun: false, node: 'list-1', format: 'csv', text },
      });
      expect(imported.data().applied).toBe(true);
      await putIpsInStatus(db(), [await ipIdOf('192.0.2.2')], 'quarantined', 'listed');
      listed = ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4', '192.0.2.10', '2001:db8:1::5'];
    });

    const addressesOf = async (query: CallOptions<typeof listAdminIps>['query']) =>
      (await call(listAdminIps, { query })).data().items.map((item) => item.address);

    it('lists by node in address order, with node, region names and paging', async () => {
      expect(await addressesOf({ node: 'list-1' })).toEqual(listed);
      const page = (
        await call(listAdminIps, {
          query: { node: 'list-1', page: 2, pageSize: 2 },
          headers: chinese,
        })
      ).data();
      expect(page).toMatchObject({ total: 6, page: 2, pageSize: 2 });
      expect(page.items.map((item) => item.address)).toEqual(['192.0.2.3', '192.0.2.4']);
      expect(page.items[0]).toMatchObject({
        nodeName: 'list-1',
        region: 'JP/kyoto',
        countryName: '日本',
        cityName: '京都',
        lineType: 'isp_residential',
        port: 1080,
        vmessPort: 10086,
        status: 'available',
        statusReason: null,
        liveInstance: null,
      });
    });

    it('filters by region, line type, status, address, block and part of an address', async () => {
      expect(await addressesOf({ region: 'jp/kyoto' })).toEqual(listed);
      expect(await addressesOf({ region: 'JP/nowhere' })).toEqual([]);
      expect(await addressesOf({ region: 'not a region' })).toEqual([]);
      expect(await addressesOf({ node: 'list-1', lineType: 'isp_residential' })).toEqual([
        '192.0.2.3',
      ]);
      expect(await addressesOf({ node: 'list-1', status: 'quarantined' })).toEqual(['192.0.2.2']);
      expect(await addressesOf({ q: '192.0.2.0/30' })).toEqual([
        '192.0.2.1',
        '192.0.2.2',
        '192.0.2.3',
      ]);
      expect(await addressesOf({ q: '192.0.2.9/29' })).toEqual(['192.0.2.10']);
      expect(await addressesOf({ q: '2001:DB8:1::/48' })).toEqual(['2001:db8:1::5']);
      expect(await addressesOf({ q: '2001:0DB8:1:0::5' })).toEqual(['2001:db8:1::5']);
      expect(await addressesOf({ q: '192.0.2.1' })).toEqual(['192.0.2.1']);
      expect(await addressesOf({ node: 'list-1', q: '.2.1' })).toEqual(['192.0.2.1', '192.0.2.10']);
      // `%` and `_` are no wildcards.
      expect(await addressesOf({ q: '%' })).toEqual([]);
      expect(await addressesOf({ node: 'nowhere' })).toEqual([]);
    });

    it('refuses bad filters with a clear 400', async () => {
      const cases = [
        [{ status: 'lost' }, 'status'],
        [{ lineType: 'fibre' }, 'lineType'],
        [{ pageSize: '500' }, 'pageSize'],
        [{ q: 'a\nb' }, 'q'],
        [{ flagged: 'yes' }, 'flagged'],
      ] as const;
      for (const [rawQuery, field] of cases) {
        const response = await call(listAdminIps, { rawQuery });
        expect(response.statusCode, field).toBe(400);
        expect(response.json().data.field).toBe(field);
      }
    });

    it('counts the pool by state and offers its nodes and regions', async () => {
      const overview = (await call(getAdminIpOverview)).data();
      expect(overview.nodes.map((node) => node.name)).toEqual(
        expect.arrayContaining(['list-1', 'osaka-1', pool.nodeName]),
      );
      expect(overview.regions.map((region) => region.code)).toEqual(
        expect.arrayContaining(['JP/kyoto', 'JP/osaka', pool.regionCode]),
      );
      const rows = await db().select().from(ipAddresses);
      for (const status of [
        'available',
        'allocated',
        'cooling',
        'quarantined',
        'retired',
      ] as const) {
        expect(overview.counts[status], status).toBe(
          rows.filter((row) => row.status === status).length,
        );
      }
    });

    it('shows one address with its history and the instances it served, flagged while live', async () => {
      const instance = await buyOne();
      const id = await ipIdOf(instance.ip);
      await call(quarantineAdminIp, { params: { id }, body: { reason: 'abuse' } });
      expect(await addressesOf({ flagged: 'true' })).toContain(instance.ip);
      const detail = (await call(getAdminIp, { params: { id } })).data();
      expect(detail.ip).toMatchObject({
        address: instance.ip,
        status: 'quarantined',
        flaggedForReplacement: true,
      });
      // Newest first. The pool is shared by this file's tests: the address may have been
      // quarantined and released by an earlier one, so only its ends are fixed.
      const history = detail.history.map((event) => [
        event.fromStatus,
        event.toStatus,
        event.reason,
      ]);
      expect(history.slice(0, 2)).toEqual([
        ['allocated', 'quarantined', 'abuse'],
        ['available', 'allocated', ''],
      ]);
      expect(history.at(-1)).toEqual([null, 'available', '']);
      expect(detail.instances).toEqual([
        {
          id: instance.id,
          customerId: customer.id,
          customerEmail: 'buyer@shop.example',
          status: 'active',
          createdAt: instance.createdAt,
          expiresAt: instance.expiresAt,
          flaggedForReplacement: true,
        },
      ]);
    });
  });
});
