import { describe, expect, it } from 'vitest';
import { benchSections, parseBenchOptions } from './api-options.ts';

describe('parseBenchOptions', () => {
  it('measures every section with the defaults when given nothing', () => {
    expect(parseBenchOptions([], {})).toEqual({
      sections: [...benchSections],
      seconds: 10,
      warmupSeconds: 3,
      rounds: 3,
      connections: 32,
      customers: 1000,
      usageNodes: 4,
      usageBatch: 500,
      logLevel: 'info',
    });
  });

  it('takes sections in the fixed order, whatever order they are named in', () => {
    expect(parseBenchOptions(['--only', 'purchases, wallet'], {}).sections).toEqual([
      'wallet',
      'purchases',
    ]);
    expect(parseBenchOptions(['--only=catalog'], {}).sections).toEqual(['catalog']);
  });

  it('reads BENCH_* variables, and a flag wins over its variable', () => {
    const options = parseBenchOptions(['--seconds', '5'], {
      BENCH_SECONDS: '20',
      BENCH_ROUNDS: '7',
      BENCH_ONLY: 'usage',
      BENCH_LOG_LEVEL: 'warn',
    });
    expect(options).toMatchObject({
      seconds: 5,
      rounds: 7,
      sections: ['usage'],
      logLevel: 'warn',
    });
  });

  it('takes an empty variable as unset', () => {
    expect(parseBenchOptions([], { BENCH_SECONDS: '' }).seconds).toBe(10);
  });

  it('refuses unknown sections, flags and bad numbers, saying which', () => {
    expect(() => parseBenchOptions(['--only', 'wallet,nope'], {})).toThrow(
      '--only: unknown section nope',
    );
    expect(() => parseBenchOptions(['--only', ','], {})).toThrow('(none given)');
    expect(() => parseBenchOptions(['--fast'], {})).toThrow('unknown argument "--fast"');
    expect(() => parseBenchOptions(['--seconds', '0'], {})).toThrow('from 1 to 3600');
    expect(() => parseBenchOptions(['--rounds', '2.5'], {})).toThrow('whole number');
    expect(() => parseBenchOptions([], { BENCH_CONNECTIONS: 'many' })).toThrow('--connections');
    expect(() => parseBenchOptions(['--seconds'], {})).toThrow('needs a value');
    expect(() => parseBenchOptions(['--log-level', 'loud'], {})).toThrow('--log-level');
  });

  it('allows no warm-up at all', () => {
    expect(parseBenchOptions(['--warmup', '0'], {}).warmupSeconds).toBe(0);
  });
});
