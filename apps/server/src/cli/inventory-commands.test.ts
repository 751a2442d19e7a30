import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  auditLog,
  eq,
  gatewayNodes,
  ipAddresses,
  planPrices,
  regions,
  staticIpPlans,
} from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../tokens.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { runAdminCommand } from './admin.ts';

const tokyoFlags = [
  '--port',
  '8000',
  '--vmess-port',
  '10086',
  '--country',
  'JP',
  '--city',
  'tokyo',
  '--city-zh',
  '东京',
  '--city-en',
  'Tokyo',
  '--country-zh',
  '日本',
  '--country-en',
  'Japan',
  '--line',
  'isp_residential',
];

describe.each(testEngines)('inventory admin commands on %s', (engine) => {
  let testApp: TestApp;
  let folder: string;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
    folder = await mkdtemp(path.join(os.tmpdir(), 'stratus-inventory-'));
  });
  afterAll(async () => {
    await testApp?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  async function run(...args: string[]) {
    const lines: string[] = [];
    const code = await runAdminCommand(args, {
      database: testApp.database,
      config: testApp.config,
      print: (line) => lines.push(line),
      workingDirectory: folder,
    });
    return { code, output: lines.join('') };
  }

  const db = () => testApp.database.db;

  it('lists an empty inventory with a hint', async () => {
    expect(await run('list-inventory')).toEqual({
      code: 0,
      output: expect.stringContaining('The inventory is empty'),
    });
  });

  it('adds a node, printing its key once and storing only its hash', async () => {
    const { code, output } = await run('add-node', 'tokyo-1', '--host', '203.0.113.10');
    expect(code).toBe(0);
    const key = /API key \(shown only this once\): (gnk_\S+)/.exec(output)?.[1] ?? '';
    expect(key.length).toBeGreaterThan(40);
    const [node] = await db().select().from(gatewayNodes).where(eq(gatewayNodes.name, 'tokyo-1'));
    expect(node).toMatchObject({ host: '203.0.113.10', apiKeyHash: hashToken(key) });
    expect(JSON.stringify(node)).not.toContain(key);

    const again = await run('add-node', 'tokyo-1', '--host', 'node.example.com');
    expect(again.code).toBe(1);
    expect(again.output).toContain('already exists');
  });

  it('rotates a node key', async () => {
    const [before] = await db().select().from(gatewayNodes).where(eq(gatewayNodes.name, 'tokyo-1'));
    const { code, output } = await run('rotate-node-key', 'tokyo-1');
    expect(code).toBe(0);
    const key = /(gnk_\S+)/.exec(output)?.[1] ?? '';
    const [after] = await db().select().from(gatewayNodes).where(eq(gatewayNodes.name, 'tokyo-1'));
    expect(after?.apiKeyHash).toBe(hashToken(key));
    expect(after?.apiKeyHash).not.toBe(before?.apiKeyHash);
    expect((await run('rotate-node-key', 'nowhere')).code).toBe(1);
  });

  it('refuses bad node arguments with usage', async () => {
    const noHost = await run('add-node', 'osaka-1');
    expect(noHost.code).toBe(2);
    expect(noHost.output).toContain('--host must be');
    expect(noHost.output).toContain('Usage:');
    expect((await run('add-node', 'osaka-1', '--host', 'not a host!')).code).toBe(2);
    expect((await run('add-node', 'bad name', '--host', '203.0.113.11')).code).toBe(2);
    expect((await run('add-node', '--host', '203.0.113.11')).code).toBe(2);
    const unknownFlag = await run('add-node', 'osaka-1', '--host', '203.0.113.11', '--bogus', 'x');
    expect(unknownFlag.code).toBe(2);
    expect(unknownFlag.output).toContain('--bogus');
  });

  it('imports a CIDR block, creating its region, and skips it the second time', async () => {
    const first = await run('import-ips', 'tokyo-1', '--cidr', '10.0.0.0/29', ...tokyoFlags);
    expect(first).toEqual({
      code: 0,
      output:
        'Imported 6 address(es) to tokyo-1; skipped 0 already in the pool.\n' +
        'New regions: JP/tokyo.\n',
    });
    const rows = await db().select().from(ipAddresses);
    expect(rows.map((row) => row.address).sort()).toEqual([
      '10.0.0.1',
      '10.0.0.2',
      '10.0.0.3',
      '10.0.0.4',
      '10.0.0.5',
      '10.0.0.6',
    ]);
    expect(rows[0]).toMatchObject({
      port: 8000,
      vmessPort: 10086,
      lineType: 'isp_residential',
      status: 'available',
    });
    const [region] = await db().select().from(regions);
    expect(region).toMatchObject({
      country: 'JP',
      cityCode: 'tokyo',
      cityNameZh: '东京',
      cityNameEn: 'Tokyo',
      countryNameZh: '日本',
      countryNameEn: 'Japan',
    });

    const second = await run('import-ips', 'tokyo-1', '--cidr', '10.0.0.0/29', ...tokyoFlags);
    expect(second.output).toBe(
      'Imported 0 address(es) to tokyo-1; skipped 6 already in the pool.\n',
    );
  });

  it('refuses bad import flags without importing', async () => {
    const unknownNode = await run('import-ips', 'nowhere', '--cidr', '10.0.1.0/30', ...tokyoFlags);
    expect(unknownNode.code).toBe(1);
    expect(unknownNode.output).toContain('No node is named nowhere');
    const badCidr = await run('import-ips', 'tokyo-1', '--cidr', '10.0.1.3/30', ...tokyoFlags);
    expect(badCidr.code).toBe(2);
    expect(badCidr.output).toContain('10.0.1.0/30');
    const badLine = await run(
      'import-ips',
      'tokyo-1',
      '--cidr',
      '10.0.1.0/30',
      ...tokyoFlags.slice(0, -1),
      'fibre',
    );
    expect(badLine.code).toBe(2);
    expect(badLine.output).toContain('--line: must be one of isp_residential, datacenter');
    const missing = await run('import-ips', 'tokyo-1', '--cidr', '10.0.1.0/30', '--port', '1');
    expect(missing.code).toBe(2);
    expect(missing.output).toContain('--vmess-port');
    expect(missing.output).toContain('--city-zh: is required');
    const both = await run('import-ips', 'tokyo-1', '--csv', 'x.csv', '--cidr', '10.0.1.0/30');
    expect(both.code).toBe(2);
    expect((await run('import-ips', 'tokyo-1')).code).toBe(2);
    expect(await db().select().from(ipAddresses)).toHaveLength(6);
  });

  it('imports a CSV, skipping addresses already in the pool or repeated', async () => {
    const csv = [
      'address,port,vmess_port,country,country_zh,country_en,city,city_zh,city_en,line_type',
      '10.0.0.1,8000,10086,JP,日本,Japan,tokyo,东京,Tokyo,isp_residential',
      '198.51.100.7,1080,10086,us,美国,United States,los-angeles,洛杉矶,Los Angeles,datacenter',
      '198.51.100.7,1080,10086,US,美国,United States,los-angeles,洛杉矶,Los Angeles,datacenter',
      '2001:DB8::7,1080,10086,US,美国,United States,los-angeles,洛杉矶,Los Angeles,datacenter',
    ].join('\r\n');
    await writeFile(path.join(folder, 'ips.csv'), `\uFEFF${csv}\r\n`);
    const { code, output } = await run('import-ips', 'tokyo-1', '--csv', 'ips.csv');
    expect(code).toBe(0);
    expect(output).toBe(
      'Imported 2 address(es) to tokyo-1; skipped 2 already in the pool.\n' +
        'New regions: US/los-angeles.\n',
    );
    const addresses = (await db().select().from(ipAddresses)).map((row) => row.address);
    expect(addresses).toContain('2001:db8::7');
    expect(addresses).toHaveLength(8);
  });

  it('refuses a CSV with any bad row, importing nothing', async () => {
    await writeFile(
      path.join(folder, 'bad.csv'),
      'address,port,vmess_port,country,country_zh,country_en,city,city_zh,city_en,line_type\n' +
        '10.9.9.9,8000,10086,JP,日本,Japan,tokyo,东京,Tokyo,isp_residential\n' +
        '10.9.9.300,8000,10086,JP,日本,Japan,tokyo,东京,Tokyo,isp_residential\n',
    );
    const bad = await run('import-ips', 'tokyo-1', '--csv', 'bad.csv');
    expect(bad.code).toBe(1);
    expect(bad.output).toContain('line 3: address: "10.9.9.300" is not an IP address');
    const missing = await run('import-ips', 'tokyo-1', '--csv', 'missing.csv');
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('Cannot read');
    expect(await db().select().from(ipAddresses)).toHaveLength(8);
  });

  it('refuses addresses another node holds, and audits each import as the command line', async () => {
    expect((await run('add-node', 'kobe-1', '--host', '203.0.113.12')).code).toBe(0);
    const other = await run('import-ips', 'kobe-1', '--cidr', '10.0.0.0/30', ...tokyoFlags);
    expect(other).toEqual({
      code: 1,
      output:
        'Nothing imported: 2 problem(s):\n' +
        '  line 1: already in the pool of another node, tokyo-1\n' +
        '  line 1: already in the pool of another node, tokyo-1\n',
    });
    const empty = await run('import-ips', 'kobe-1', '--csv', 'empty.csv');
    expect(empty.code).toBe(1);
    await writeFile(path.join(folder, 'empty.csv'), '\uFEFF');
    expect(await run('import-ips', 'kobe-1', '--csv', 'empty.csv')).toEqual({
      code: 1,
      output: 'Nothing imported: There is no address to import\n',
    });
    const entries = await db().select().from(auditLog).where(eq(auditLog.action, 'ip.import'));
    const [tokyo] = await db().select().from(gatewayNodes).where(eq(gatewayNodes.name, 'tokyo-1'));
    expect(
      entries.map((entry) => [entry.actorRole, entry.actorId, entry.targetId, entry.changes]),
    ).toEqual([
      [
        'cli',
        null,
        tokyo?.id,
        {
          imported: { before: null, after: 6 },
          regionsCreated: { before: null, after: ['JP/tokyo'] },
        },
      ],
      [
        'cli',
        null,
        tokyo?.id,
        {
          imported: { before: null, after: 2 },
          skipped: { before: null, after: 2 },
          regionsCreated: { before: null, after: ['US/los-angeles'] },
        },
      ],
    ]);
    expect(await db().select().from(ipAddresses)).toHaveLength(8);
  });

  it('sets prices, creating the plan with the default protocols', async () => {
    const created = await run(
      'set-price',
      '--country',
      'jp',
      '--city',
      'tokyo',
      '--line',
      'isp_residential',
      '--days',
      '30',
      '--price',
      '35.00',
    );
    expect(created).toEqual({
      code: 0,
      output:
        'Created plan JP/tokyo isp_residential (socks5, http, vmess).\n' +
        'JP/tokyo isp_residential: 30 days ¥35.00 per IP.\n',
    });
    const changed = await run(
      'set-price',
      '--country=JP',
      '--city=tokyo',
      '--line=isp_residential',
      '--days=30',
      '--price=33.5',
    );
    expect(changed.output).toBe('JP/tokyo isp_residential: 30 days ¥33.50 per IP (was ¥35.00).\n');
    const plans = await db().select().from(staticIpPlans);
    expect(plans).toHaveLength(1);
    expect(plans[0]?.protocols).toEqual(['socks5', 'http', 'vmess']);
    expect(await db().select().from(planPrices)).toEqual([
      { planId: plans[0]?.id, durationDays: 30, priceFen: 3350n },
    ]);

    const socksOnly = await run(
      ...['set-price', '--country', 'US', '--city', 'los-angeles', '--line', 'datacenter'],
      ...['--days', '90', '--price', '80', '--protocols', 'socks5,http'],
    );
    expect(socksOnly.code).toBe(0);
    const [plan] = await db()
      .select()
      .from(staticIpPlans)
      .where(eq(staticIpPlans.lineType, 'datacenter'));
    expect(plan?.protocols).toEqual(['socks5', 'http']);
  });

  it('refuses bad prices and unknown regions', async () => {
    const base = ['set-price', '--country', 'JP', '--city', 'tokyo', '--line', 'datacenter'];
    const tooPrecise = await run(...base, '--days', '30', '--price', '35.001');
    expect(tooPrecise.code).toBe(2);
    expect(tooPrecise.output).toContain('--price: must be a yuan amount');
    expect((await run(...base, '--days', '30', '--price', '0')).code).toBe(2);
    expect((await run(...base, '--days', '0', '--price', '1')).code).toBe(2);
    expect((await run(...base, '--days', '30')).code).toBe(2);
    expect((await run(...base, '--days', '30', '--price', '1', '--protocols', 'ftp')).code).toBe(2);
    const nowhere = await run(
      ...['set-price', '--country', 'FR', '--city', 'paris', '--line', 'datacenter'],
      ...['--days', '30', '--price', '10'],
    );
    expect(nowhere.code).toBe(1);
    expect(nowhere.output).toContain('No region FR/paris');
    expect(await db().select().from(staticIpPlans)).toHaveLength(2);
  });

  it('lists counts by region, line and status with prices', async () => {
    await db()
      .update(ipAddresses)
      .set({ status: 'cooling' })
      .where(eq(ipAddresses.address, '10.0.0.1'));
    const { code, output } = await run('list-inventory');
    expect(code).toBe(0);
    const lines = output.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^region\s+city\s+line\s+available\s+allocated\s+cooling\s+quarantined\s+retired\s+prices$/,
    );
    expect(lines[1]).toMatch(
      /^JP\/tokyo\s+Tokyo\s+isp_residential\s+5\s+0\s+1\s+0\s+0\s+30d ¥33\.50$/,
    );
    expect(lines[2]).toMatch(
      /^US\/los-angeles\s+Los Angeles\s+datacenter\s+2\s+0\s+0\s+0\s+0\s+90d ¥80\.00$/,
    );
    expect(lines).toHaveLength(3);
    expect((await run('list-inventory', 'extra')).code).toBe(2);
  });
});
