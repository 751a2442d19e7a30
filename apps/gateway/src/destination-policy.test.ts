import { describe, expect, it } from 'vitest';
import { isPrivateAddress, resolveDestination } from './destination-policy.ts';

describe('the destination policy', () => {
  it('refuses loopback, private, link-local, CGNAT, unspecified, multicast and reserved IPv4', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '0.0.0.0',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });

  it('allows public IPv4 next to the blocked ranges', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '172.15.255.255',
      '172.32.0.0',
      '100.63.255.255',
      '100.128.0.0',
      '11.0.0.1',
      '223.255.255.255',
    ]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('refuses loopback, unspecified, unique-local, link-local and multicast IPv6', () => {
    for (const address of [
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      'FD00::1',
      '2002:a00:1::1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['2001:4860:4860::8888', '2606:4700::1111']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('sees through IPv4-mapped IPv6, dotted or hexadecimal', () => {
    expect(isPrivateAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isPrivateAddress('::ffff:7f00:1')).toBe(true);
    expect(isPrivateAddress('0:0:0:0:0:ffff:a00:1')).toBe(true);
    expect(isPrivateAddress('::ffff:192.168.0.1')).toBe(true);
    expect(isPrivateAddress('::ffff:8.8.8.8')).toBe(false);
  });

  it('treats anything that is not an address as blocked', () => {
    expect(isPrivateAddress('localhost')).toBe(true);
    expect(isPrivateAddress('')).toBe(true);
  });
});

describe('resolving a destination', () => {
  it('checks the address a name resolves to', async () => {
    expect(await resolveDestination('localhost', { allowPrivate: false, family: 4 })).toEqual({
      ok: false,
      reason: 'refused',
    });
    expect(await resolveDestination('localhost', { allowPrivate: true, family: 4 })).toEqual({
      ok: true,
      address: '127.0.0.1',
    });
  });

  it('refuses private literals unless allowed, mapped ones included', async () => {
    expect(await resolveDestination('10.1.2.3', { allowPrivate: false, family: 4 })).toMatchObject({
      ok: false,
      reason: 'refused',
    });
    expect(
      await resolveDestination('::ffff:127.0.0.1', { allowPrivate: false, family: 4 }),
    ).toMatchObject({ ok: false, reason: 'refused' });
    expect(await resolveDestination('::ffff:127.0.0.1', { allowPrivate: true, family: 4 })).toEqual(
      {
        ok: true,
        address: '127.0.0.1',
      },
    );
  });

  it('answers public literals as they are, without a lookup', async () => {
    expect(await resolveDestination('8.8.8.8', { allowPrivate: false, family: 4 })).toEqual({
      ok: true,
      address: '8.8.8.8',
    });
  });

  it('refuses a destination of the other family than the egress address', async () => {
    expect(await resolveDestination('2606:4700::1111', { allowPrivate: false, family: 4 })).toEqual(
      {
        ok: false,
        reason: 'wrongFamily',
      },
    );
  });

  it('reports a name that does not resolve', async () => {
    expect(
      await resolveDestination('no-such-host.invalid', { allowPrivate: true, family: 4 }),
    ).toEqual({ ok: false, reason: 'unresolvable' });
  });
});
