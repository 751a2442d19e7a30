import { parseDynamicUsername } from '@stratus/contract';
import { describe, expect, it } from 'vitest';
import { DynamicEgressPool } from './dynamic-egress.ts';

const MINUTE = 60_000;
const targeting = (username: string) => parseDynamicUsername(username)!;

describe('the dynamic egress pool', () => {
  const pool = new DynamicEgressPool();
  pool.replace([
    { ip: '10.9.0.1', country: 'JP', city: 'tokyo' },
    { ip: '10.9.0.2', country: 'JP', city: 'tokyo' },
    { ip: '10.9.0.3', country: 'JP', city: 'osaka' },
  ]);

  it('goes round the matching addresses in turn', () => {
    const picks = [1, 2, 3, 4].map(() => pool.pick(targeting('acct1-country-jp-city-tokyo'), 0));
    expect(picks).toEqual(['10.9.0.1', '10.9.0.2', '10.9.0.1', '10.9.0.2']);
  });

  it('keeps a sticky session for its life, then picks again', () => {
    const sticky = targeting('acct1-country-jp-session-s1-life-2');
    const first = pool.pick(sticky, 0);
    expect(pool.pick(sticky, 2 * MINUTE - 1)).toBe(first);
    const later = [1, 2, 3].map((step) => pool.pick(sticky, 2 * MINUTE + step));
    // After its life the session is assigned afresh and then sticks to the new address.
    expect(new Set(later).size).toBe(1);
  });

  it('keeps sessions of different accounts apart', () => {
    const one = pool.pick(targeting('acct1-session-same'), 0);
    const two = pool.pick(targeting('acct2-session-same'), 0);
    expect(one).not.toBe(two);
  });

  it('moves a sticky session whose address left the pool or does not fit the targeting', () => {
    const local = new DynamicEgressPool();
    local.replace([
      { ip: '10.9.0.1', country: 'JP', city: 'tokyo' },
      { ip: '10.9.0.3', country: 'JP', city: 'osaka' },
    ]);
    const osaka = local.pick(targeting('acct3-country-jp-city-osaka-session-s'), 0);
    expect(osaka).toBe('10.9.0.3');
    expect(local.pick(targeting('acct3-country-jp-city-tokyo-session-s'), 0)).toBe('10.9.0.1');
    local.replace([{ ip: '10.9.0.5', country: 'JP', city: 'tokyo' }]);
    expect(local.pick(targeting('acct3-country-jp-session-s'), 1)).toBe('10.9.0.5');
  });

  it('has nothing for a region outside the pool', () => {
    expect(pool.pick(targeting('acct1-country-us'), 0)).toBeNull();
    expect(pool.pick(targeting('acct1-country-jp-city-kyoto'), 0)).toBeNull();
  });
});
