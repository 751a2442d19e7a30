import { describe, expect, it } from 'vitest';
import { checkAllowlistBlock } from './cidr.ts';

const dev = { production: false };
const production = { production: true };

describe('allowlist blocks', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7/32'],
    [' 8.8.8.0/24 ', '8.8.8.0/24'],
    ['8.8.8.8/32', '8.8.8.8/32'],
    ['2001:DB8:0:0::1', '2001:db8::1/128'],
    ['2400:cb00:0001::/48', '2400:cb00:1::/48'],
    ['2400:0:0:1:0:0:0:1', '2400:0:0:1::1/128'],
    ['2400:1:0:0:1:0:0:1', '2400:1::1:0:0:1/128'],
    ['2400:1:2:3:4:5:0:7', '2400:1:2:3:4:5:0:7/128'],
    ['::ffff:8.8.4.4', '8.8.4.4/32'],
    ['::ffff:8.8.4.0/120', '8.8.4.0/24'],
    ['::1', '::1/128'],
  ])('writes %s as %s', (text, cidr) => {
    expect(checkAllowlistBlock(text, dev)).toEqual({ ok: true, cidr });
  });

  it.each([
    '',
    'example.com',
    '1.2.3',
    '1.2.3.4/33',
    '1.2.3.4/024',
    '01.2.3.4',
    'fe80::1%eth0',
    '::/129',
    '1.2.3.4/',
  ])('refuses %j as no address', (text) => {
    expect(checkAllowlistBlock(text, dev)).toEqual({ ok: false, problem: { kind: 'invalid' } });
  });

  it('refuses host bits set and names the network', () => {
    expect(checkAllowlistBlock('8.8.8.9/24', dev)).toEqual({
      ok: false,
      problem: { kind: 'hostBitsSet', network: '8.8.8.0/24' },
    });
    expect(checkAllowlistBlock('2400:cb00:1:2::/48', dev)).toEqual({
      ok: false,
      problem: { kind: 'hostBitsSet', network: '2400:cb00:1::/48' },
    });
  });

  it('takes /24 and /48 at most', () => {
    expect(checkAllowlistBlock('8.8.8.0/24', production).ok).toBe(true);
    expect(checkAllowlistBlock('8.8.8.0/23', production)).toEqual({
      ok: false,
      problem: { kind: 'tooWide' },
    });
    expect(checkAllowlistBlock('2400:cb00::/48', production).ok).toBe(true);
    expect(checkAllowlistBlock('2400:cb00::/47', production)).toEqual({
      ok: false,
      problem: { kind: 'tooWide' },
    });
  });

  it.each([
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.0/24',
    '127.0.0.1',
    '169.254.1.1',
    '100.64.0.1',
    '100.127.255.255',
    '0.1.2.3',
    '224.0.0.1',
    '239.255.255.255',
    '240.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '198.51.100.0/24',
    '203.0.113.7',
    '198.18.0.1',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::/48',
    'ff02::1',
    '2001:db8::1',
    '2001:db8:1::/48',
    '3fff::1',
    '2002:808:808::1',
    '64:ff9b::808:808',
  ])('refuses reserved %s in production only', (text) => {
    expect(checkAllowlistBlock(text, production)).toEqual({
      ok: false,
      problem: { kind: 'reserved' },
    });
    expect(checkAllowlistBlock(text, dev).ok).toBe(true);
  });

  it.each([
    '9.255.255.255',
    '11.0.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '223.255.255.255',
    '2400:cb00::1',
    '2a00:1450::1',
  ])('takes public %s in production', (text) => {
    expect(checkAllowlistBlock(text, production).ok).toBe(true);
  });

  it('refuses IPv4-compatible IPv6 everywhere', () => {
    expect(checkAllowlistBlock('::8.8.8.8', dev)).toEqual({
      ok: false,
      problem: { kind: 'reserved' },
    });
  });
});
