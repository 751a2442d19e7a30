import { describe, expect, it } from 'vitest';
import { formatForUserAgent } from './client-format.ts';
import { listProfileProxies } from './profiles.ts';
import { formatUserInfo } from './service.ts';

describe('client detection by User-Agent', () => {
  it.each([
    ['clash-verge/v1.7.7', 'mihomo'],
    ['Clash Verge Rev', 'mihomo'],
    ['mihomo/1.18.5', 'mihomo'],
    ['ClashMetaForAndroid/2.11.2.Meta', 'mihomo'],
    ['clash.meta', 'mihomo'],
    ['FlClash/v0.8.60 clash-verge', 'mihomo'],
    ['ClashforWindows/0.20.39', 'clash'],
    ['ClashX/1.118.0', 'clash'],
    ['Stash/2.4.7 Clash/1.9.0', 'clash'],
    ['SFA/1.9.3 (Android 14; sing-box 1.9.3)', 'singbox'],
    ['SFI/1.9.3 (iOS 17.5; sing-box 1.9.3)', 'singbox'],
    ['SFM/1.9.3 (macOS 14.5; sing-box 1.9.3)', 'singbox'],
    ['sing-box 1.10.0', 'singbox'],
    ['HiddifyNext/2.0.5 (android)', 'singbox'],
    ['v2rayN/6.45', 'base64'],
    ['Shadowrocket/2070', 'base64'],
    ['Mozilla/5.0 (SFAx)', 'base64'],
    [undefined, 'base64'],
  ])('%s → %s', (userAgent, format) => {
    expect(formatForUserAgent(userAgent)).toBe(format);
  });
});

describe('subscription-userinfo', () => {
  it('has the exact spacing and leaves expire out rather than 0', () => {
    expect(formatUserInfo({ usedBytes: 5n, totalBytes: 10n, expiresAt: undefined })).toBe(
      'upload=0; download=5; total=10',
    );
    expect(
      formatUserInfo({ usedBytes: 0n, totalBytes: 0n, expiresAt: new Date(1_700_000_000_999) }),
    ).toBe('upload=0; download=0; total=0; expire=1700000000');
  });
});

describe('profile proxy names', () => {
  it('are readable and unique even when two instances share an address', () => {
    const instance = {
      ip: '203.0.113.7',
      port: 1080,
      vmessPort: 10086,
      username: 'u',
      password: 'p',
      vmessId: 'id',
      country: 'JP',
      city: 'Tokyo',
      protocols: ['socks5', 'vmess'] as ('socks5' | 'vmess')[],
    };
    expect(listProfileProxies([instance, instance]).map((proxy) => proxy.name)).toEqual([
      'JP Tokyo 203.0.113.7 SOCKS5',
      'JP Tokyo 203.0.113.7 VMess',
      'JP Tokyo 203.0.113.7 SOCKS5 #2',
      'JP Tokyo 203.0.113.7 VMess #2',
    ]);
  });
});
