import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Allowlist } from './allowlist.ts';

const entry = (cidr: string, userId = randomUUID()) => ({ entryId: randomUUID(), userId, cidr });

describe('Allowlist', () => {
  it('matches IPv4 sources by their leading bits, IPv4-mapped ones included', () => {
    const block = entry('203.0.113.0/24');
    const single = entry('198.51.100.7/32');
    const allowlist = new Allowlist([block, single]);
    expect(allowlist.match('203.0.113.200')).toBe(block);
    expect(allowlist.match('::ffff:203.0.113.1')).toBe(block);
    expect(allowlist.match('198.51.100.7')).toBe(single);
    expect(allowlist.match('198.51.100.8')).toBeNull();
    expect(allowlist.match('203.0.114.1')).toBeNull();
    expect(allowlist.match(undefined)).toBeNull();
  });

  it('matches IPv6 blocks, with prefixes that are not whole bytes', () => {
    const block = entry('2001:db8:abcd::/48');
    const odd = entry('10.0.0.0/13');
    const allowlist = new Allowlist([block, odd]);
    expect(allowlist.match('2001:db8:abcd:12::1')).toBe(block);
    expect(allowlist.match('2001:db8:abce::1')).toBeNull();
    expect(allowlist.match('10.7.255.255')).toBe(odd);
    expect(allowlist.match('10.8.0.0')).toBeNull();
    // An IPv4 source never matches an IPv6 block of the same bytes, nor the other way round.
    expect(new Allowlist([entry('::/0')]).match('127.0.0.1')).toBeNull();
  });

  it('names the narrowest block of one customer, and refuses blocks of two customers', () => {
    const userId = randomUUID();
    const wide = entry('192.0.2.0/24', userId);
    const narrow = entry('192.0.2.128/25', userId);
    expect(new Allowlist([wide, narrow]).match('192.0.2.200')).toBe(narrow);
    const someoneElse = entry('192.0.2.200/32');
    expect(new Allowlist([wide, someoneElse]).match('192.0.2.200')).toBeNull();
    expect(new Allowlist([wide, someoneElse]).match('192.0.2.1')).toBe(wide);
  });

  it('leaves out blocks that do not parse', () => {
    expect(
      new Allowlist([entry('not-an-address/8'), entry('10.0.0.0/99')]).match('10.0.0.1'),
    ).toBeNull();
  });
});
