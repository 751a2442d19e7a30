import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from './redirect.ts';

const origin = 'https://console.example.com';

describe('safeRedirectTarget', () => {
  it.each([
    ['/console/ipList', '/console/ipList'],
    ['/console/ipList?page=2&status=active', '/console/ipList?page=2&status=active'],
    ['/console/recharge#top', '/console/recharge#top'],
    ['/portal/paySuccess?id=7', '/portal/paySuccess?id=7'],
  ])('follows the same-origin path %s', (redirect, expected) => {
    expect(safeRedirectTarget(redirect, origin)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['console/ipList'],
    ['https://evil.example/console'],
    ['//evil.example/console'],
    ['/\\evil.example/console'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['javascript:alert(1)'],
    [' /console/ipList'],
  ])('falls back to the console overview for %j', (redirect) => {
    expect(safeRedirectTarget(redirect, origin)).toBe('/console/overview');
  });
});
