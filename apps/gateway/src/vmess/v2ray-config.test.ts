import { describe, expect, it } from 'vitest';
import { staticCredential } from '../testing/fixtures.ts';
import { buildV2rayConfig, vmessCredentials, vmessFingerprint } from './v2ray-config.ts';

const now = Date.parse('2026-06-01T00:00:00Z');
const vmess = (overrides: Parameters<typeof staticCredential>[0] = {}) =>
  staticCredential({
    protocols: ['socks5', 'http', 'vmess'],
    expiresAt: '2026-07-01T00:00:00Z',
    ...overrides,
  });

describe('the V2Ray configuration', () => {
  it('serves only static IPs whose plan has vmess and whose rental runs', () => {
    const served = vmess({ ip: '127.0.0.2' });
    const expired = vmess({ expiresAt: '2026-05-31T23:59:59Z' });
    const withoutVmess = staticCredential({ protocols: ['socks5', 'http'] });
    expect(vmessCredentials([expired, withoutVmess, served], now)).toEqual([served]);
  });

  it('binds each instance’s inbound and outbound to its own IP, with its UUID as the one client', () => {
    const first = vmess({ ip: '127.0.0.2', vmessPort: 10086 });
    const second = vmess({ ip: '::ffff:127.0.0.3', vmessPort: 10087 });
    const config = buildV2rayConfig({
      credentials: [first, second],
      apiPort: 12345,
      allowPrivateDestinations: false,
    });
    expect(config.inbounds).toContainEqual({
      tag: `in-${second.instanceId}`,
      listen: '127.0.0.3',
      port: 10087,
      protocol: 'vmess',
      settings: {
        clients: [{ id: second.vmessId, alterId: 0, email: second.instanceId, level: 0 }],
      },
    });
    expect(config.outbounds).toContainEqual({
      tag: `out-${first.instanceId}`,
      protocol: 'freedom',
      sendThrough: '127.0.0.2',
      settings: { domainStrategy: 'UseIPv4' },
    });
    expect(config.routing.rules).toContainEqual({
      type: 'field',
      inboundTag: [`in-${first.instanceId}`],
      outboundTag: `out-${first.instanceId}`,
    });
    // The stats API listens on loopback only, and counts per user.
    expect(config.inbounds[0]).toMatchObject({ listen: '127.0.0.1', port: 12345 });
    expect(config.policy.levels['0']).toEqual({ statsUserUplink: true, statsUserDownlink: true });
  });

  it('sends private destinations to the blackhole before any instance rule, unless allowed', () => {
    const credentials = [vmess()];
    const refusing = buildV2rayConfig({ credentials, apiPort: 1, allowPrivateDestinations: false });
    const privateRule = refusing.routing.rules[1] as { ip: string[]; outboundTag: string };
    expect(privateRule.outboundTag).toBe('blocked');
    expect(privateRule.ip).toEqual(
      expect.arrayContaining(['127.0.0.0/8', '10.0.0.0/8', 'fc00::/7']),
    );
    expect(refusing.routing.domainStrategy).toBe('IPOnDemand');
    const allowing = buildV2rayConfig({ credentials, apiPort: 1, allowPrivateDestinations: true });
    expect(JSON.stringify(allowing.routing.rules)).not.toContain('blocked');
  });

  it('fingerprints what V2Ray serves, not what it ignores', () => {
    const credential = vmess();
    const renamed = { ...credential, username: 'someone-else', passwordSha256: 'f'.repeat(64) };
    expect(vmessFingerprint([credential])).toBe(vmessFingerprint([renamed]));
    expect(vmessFingerprint([credential])).not.toBe(
      vmessFingerprint([{ ...credential, vmessId: '00000000-0000-4000-8000-000000000001' }]),
    );
  });
});
