import { listTrafficCatalog } from '@stratus/contract';
import { eq, trafficPlans } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { registerCustomer } from '../../test/accounts.ts';
import { runAdminCommand, usage } from './admin.ts';
import { callEndpoint } from '../../test/call-endpoint.ts';

describe.each(testEngines)('traffic plan admin commands on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  async function run(...args: string[]) {
    const lines: string[] = [];
    const code = await runAdminCommand(args, {
      database: testApp.database,
      config: testApp.config,
      print: (line) => lines.push(line),
    });
    return { code, output: lines.join('') };
  }
  const plansOf = (gb: number) =>
    testApp.database.db.select().from(trafficPlans).where(eq(trafficPlans.gb, gb));

  it('lists no plans with a hint, and documents both commands', async () => {
    expect(await run('list-traffic-plans')).toEqual({
      code: 0,
      output: expect.stringContaining('There are no traffic plans'),
    });
    expect(usage).toContain('set-traffic-plan --gb');
    expect(usage).toContain('list-traffic-plans');
  });

  it('creates a plan, updates it by size and validity, and takes it off sale', async () => {
    const created = await run('set-traffic-plan', '--gb', '10', '--days', '30', '--price', '120');
    expect(created).toEqual({
      code: 0,
      output: 'Created traffic plan 10 GB / 30 days: ¥120.00 per package, on sale.\n',
    });
    const [plan] = await plansOf(10);
    expect(plan).toMatchObject({ validityDays: 30, priceFen: 12_000n, active: true });

    const updated = await run(
      'set-traffic-plan',
      '--gb',
      '10',
      '--days',
      '30',
      '--price',
      '99.50',
      '--inactive',
    );
    expect(updated.code).toBe(0);
    expect(updated.output).toBe(
      'Traffic plan 10 GB / 30 days: ¥99.50 per package, not on sale ' +
        '(was ¥120.00, on sale).\n',
    );
    expect(await plansOf(10)).toEqual([
      expect.objectContaining({ id: plan?.id, priceFen: 9_950n, active: false }),
    ]);

    // Another validity is another plan; customers see only what is on sale.
    await run('set-traffic-plan', '--gb', '10', '--days', '90', '--price', '300');
    const { token } = await registerCustomer(testApp);
    const catalog = await callEndpoint(testApp.app, listTrafficCatalog, { token });
    expect(catalog.data().items).toEqual([
      expect.objectContaining({ gb: 10, validityDays: 90, price: 300, pricePerGb: 30 }),
    ]);

    const listed = await run('list-traffic-plans');
    expect(listed.code).toBe(0);
    const lines = listed.output.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^size\s+validity\s+price\s+per GB\s+status\s+id$/);
    expect(lines.slice(1).map((line) => line.split(/\s{2,}/).slice(0, 5))).toEqual([
      ['10 GB', '30 days', '¥99.50', '¥9.95/GB', 'inactive'],
      ['10 GB', '90 days', '¥300.00', '¥30.00/GB', 'on sale'],
    ]);
  });

  it('refuses bad input with a clear message and exit code 2, changing nothing', async () => {
    const before = await testApp.database.db.$count(trafficPlans);
    const cases: [string[], string][] = [
      [['--days', '30', '--price', '10'], 'Missing --gb.'],
      [['--gb', '1'], 'Missing --days, --price.'],
      [['--gb', 'ten', '--days', '30', '--price', '10'], '--gb: must be a number'],
      [['--gb', '1.5', '--days', '30', '--price', '10'], '--gb: must be a whole number of GB'],
      [['--gb', '0', '--days', '30', '--price', '10'], '--gb: must be between 1 and 100000'],
      [['--gb', '1', '--days', '4000', '--price', '10'], '--days: must be between 1 and 3650'],
      [['--gb', '1', '--days', '30', '--price', '0'], '--price: must be a yuan amount above 0'],
      [['--gb', '1', '--days', '30', '--price', '1.234'], '--price: must be a yuan amount'],
      [['--gb', '1', '--days', '30', '--price', '10', '--cheap'], "Unknown option '--cheap'"],
      [['--gb', '1', '--days', '30', '--price', '10', 'extra'], 'extra'],
    ];
    for (const [args, message] of cases) {
      const { code, output } = await run('set-traffic-plan', ...args);
      expect(code, args.join(' ')).toBe(2);
      expect(output, args.join(' ')).toContain(message);
      expect(output).toContain('Usage:');
    }
    expect((await run('list-traffic-plans', '--all')).code).toBe(2);
    expect(await testApp.database.db.$count(trafficPlans)).toBe(before);
  });
});
