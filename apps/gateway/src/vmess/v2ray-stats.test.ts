import { describe, expect, it } from 'vitest';
import { parseUserTraffic } from './v2ray-stats.ts';

describe('reading V2Ray’s user counters', () => {
  it('adds up uplink and downlink per user, a missing value being zero', () => {
    const text = [
      'stat: <',
      '  name: "user>>>a1>>>traffic>>>uplink"',
      '  value: 78',
      '>',
      'stat: <',
      '  name: "user>>>a1>>>traffic>>>downlink"',
      '  value: 567',
      '>',
      'stat: <',
      '  name: "user>>>b2>>>traffic>>>uplink"',
      '>',
      'stat: <',
      '  name: "user>>>b2>>>traffic>>>downlink"',
      '  value: 12',
      '>',
      'stat: <',
      '  name: "inbound>>>api>>>traffic>>>uplink"',
      '  value: 999',
      '>',
    ].join('\n');
    expect(parseUserTraffic(text)).toEqual([
      { user: 'a1', up: 78, down: 567 },
      { user: 'b2', up: 0, down: 12 },
    ]);
  });

  it('reads nothing from an empty answer', () => {
    expect(parseUserTraffic('')).toEqual([]);
  });
});
