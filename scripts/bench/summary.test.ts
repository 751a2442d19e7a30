// The benchmark's arithmetic and its peers' configurations: what the report says must follow from
// the figures, and a missing peer must skip its goal rather than pass or fail it.
import { describe, expect, it } from 'vitest';
import { danteConfig, microsocksArgs, v2raySocksConfig } from './peers.ts';
import {
  gatewayGoals,
  goalLines,
  judge,
  median,
  pathResult,
  percentile,
  ratio,
  resultTable,
  setupPercentiles,
} from './summary.ts';

describe('percentiles', () => {
  it('takes the nearest rank, whatever the order', () => {
    const values = Array.from({ length: 100 }, (_, index) => 100 - index);
    expect(percentile(values, 0.99)).toBe(99);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 1)).toBe(100);
    expect(percentile([3, 1, 2], 0.5)).toBe(2);
    expect(median([7])).toBe(7);
  });

  it('is NaN for no values', () => {
    expect(percentile([], 0.5)).toBeNaN();
  });
});

describe('setup percentiles over rounds', () => {
  const quiet = Array.from({ length: 100 }, (_, index) => 1 + index / 100);

  it('takes the median of the rounds, so a burst in one round does not move p99', () => {
    const burst = [...quiet.slice(10), ...Array.from({ length: 10 }, () => 50)];
    const result = setupPercentiles([quiet, burst, quiet]);
    expect(result!.p99).toBe(1.98);
    expect(result!.p50).toBe(1.49);
    // Pooled, the burst's ten slow connections set p99.
    expect(percentile([...quiet, ...burst, ...quiet], 0.99)).toBe(50);
  });

  it('is the figures of the one round, and undefined for none', () => {
    expect(setupPercentiles([quiet])).toEqual({ p50: 1.49, p99: 1.98 });
    expect(setupPercentiles([])).toBeUndefined();
    expect(setupPercentiles([[], []])).toBeUndefined();
  });

  it('is what pathResult reports for rounds', () => {
    const result = pathResult('gateway socks5', [1], [quiet, quiet.map((ms) => ms * 2), quiet]);
    expect(result.setupP99).toBe(1.98);
  });
});

describe('ratio', () => {
  it('divides, and is undefined without a usable reference', () => {
    expect(ratio(300, 200)).toBe(1.5);
    expect(ratio(300, undefined)).toBeUndefined();
    expect(ratio(undefined, 200)).toBeUndefined();
    expect(ratio(300, 0)).toBeUndefined();
  });
});

describe('goals', () => {
  const direct = pathResult('direct', [1000, 1200, 1100], [0.1, 0.2]);
  const gateway = pathResult('gateway socks5', [700, 650, 720], [0.5, 0.9, 0.6]);

  it('passes, fails and skips by the figures', () => {
    const v2ray = pathResult('v2ray socks5', [400, 500, 450], [0.4, 2, 1]);
    expect(gatewayGoals(gateway, v2ray, direct).map((goal) => goal.verdict)).toEqual([
      'PASS', // 700 ≥ 1.5 × 450
      'PASS', // 700 ≥ 0.6 × 1100
      'PASS', // 0.9 ≤ 2
    ]);
    const fastV2ray = pathResult('v2ray socks5', [500, 500, 500], [0.4, 0.5, 0.5]);
    expect(gatewayGoals(gateway, fastV2ray, direct).map((goal) => goal.verdict)).toEqual([
      'FAIL', // 700 < 750
      'PASS',
      'FAIL', // 0.9 > 0.5
    ]);
  });

  it('skips the goals whose peer did not run, with the reason, and the run does not fail', () => {
    const goals = gatewayGoals(
      gateway,
      { name: 'v2ray socks5', skipped: '/usr/bin/v2ray is not installed' },
      direct,
    );
    expect(goals.map((goal) => goal.verdict)).toEqual(['SKIPPED', 'PASS', 'SKIPPED']);
    expect(goals[0]!.detail).toBe('/usr/bin/v2ray is not installed');
    expect(goalLines(goals).failed).toBe(false);
    expect(goalLines(goals).lines[0]).toMatch(/^ {2}SKIPPED gateway throughput ≥ 1\.5 × V2Ray/);
  });

  it('fails the run on one failed goal', () => {
    const failed = judge({
      goal: 'x',
      value: 2,
      reference: 1,
      atMost: true,
      unit: 'ms',
      missing: '',
    });
    expect(failed).toEqual({ goal: 'x', verdict: 'FAIL', detail: '2.000 ms ≤ 1.000 ms?' });
    expect(goalLines([failed]).failed).toBe(true);
  });
});

describe('the table', () => {
  it('shows ratios to direct, the gateway over each path and V2Ray, and skipped peers', () => {
    const lines = resultTable(
      [
        pathResult('direct', [1000], [0.1]),
        pathResult('gw', [600], [0.3], 1.5),
        pathResult('v2', [300], [0.5]),
        { name: 'microsocks', skipped: 'not installed' },
      ],
      { direct: 'direct', gateway: 'gw', v2ray: 'v2' },
    );
    expect(lines[0]).toMatch(
      /^path +MiB\/s +×direct +gateway÷ +×V2Ray +setup p50 ms +setup p99 ms +CPU s\/GiB$/,
    );
    expect(lines[2]!.split(/ +/)).toEqual([
      'gw',
      '600',
      '0.60',
      '1.00',
      '2.00',
      '0.300',
      '0.300',
      '1.50',
    ]);
    expect(lines[3]!.split(/ +/)).toEqual([
      'v2',
      '300',
      '0.30',
      '2.00',
      '1.00',
      '0.500',
      '0.500',
      '–',
    ]);
    expect(lines[4]).toMatch(/^microsocks +skipped: not installed$/);
  });
});

describe('peer configurations', () => {
  const listen = { host: '127.0.0.1', port: 20001 };
  const credentials = { username: 'u', password: 'p' };

  it('V2Ray: a password-authenticated socks inbound on the port and a freedom outbound', () => {
    const config = v2raySocksConfig(listen, credentials);
    expect(config.inbounds).toEqual([
      {
        listen: '127.0.0.1',
        port: 20001,
        protocol: 'socks',
        settings: { auth: 'password', accounts: [{ user: 'u', pass: 'p' }], udp: false },
      },
    ]);
    expect(config.outbounds.map((outbound) => outbound.protocol)).toEqual(['freedom']);
  });

  it('microsocks and danted listen where they are told', () => {
    expect(microsocksArgs(listen, credentials)).toEqual([
      '-i',
      '127.0.0.1',
      '-p',
      '20001',
      '-u',
      'u',
      '-P',
      'p',
    ]);
    expect(danteConfig(listen)).toContain('internal: 127.0.0.1 port = 20001\n');
  });
});
