// The V2Ray configuration that serves a node's static IPs over vmess: one inbound per static IP
// on its vmess port with the instance's UUID as the only client, and one freedom outbound per
// instance that leaves from that same IP (`sendThrough`), so the destination sees the static IP,
// as with SOCKS5 and HTTP. Each client's email is its instance id: V2Ray then counts its bytes
// as `user>>>{instanceId}>>>traffic>>>uplink|downlink`, read through the local stats API.
import type { NodeStaticCredential } from '@stratus/contract';
import { blockedNetworks } from '../destination-policy.ts';
import { unmapIpv4 } from '../ip-address.ts';

/** The static credentials V2Ray must serve at `now`: vmess in the plan, not expired. */
export function vmessCredentials(
  credentials: readonly NodeStaticCredential[],
  now: number,
): NodeStaticCredential[] {
  return credentials
    .filter((credential) => credential.protocols.includes('vmess'))
    .filter((credential) => Date.parse(credential.expiresAt) > now)
    .sort((a, b) => a.instanceId.localeCompare(b.instanceId));
}

/** Two credential lists that give the same configuration give the same fingerprint. */
export function vmessFingerprint(credentials: readonly NodeStaticCredential[]): string {
  return credentials
    .map(({ instanceId, ip, vmessPort, vmessId }) => `${instanceId} ${ip} ${vmessPort} ${vmessId}`)
    .join('\n');
}

const API_TAG = 'api';
const BLOCKED_TAG = 'blocked';

export function buildV2rayConfig({
  credentials,
  apiPort,
  allowPrivateDestinations,
}: {
  credentials: readonly NodeStaticCredential[];
  /** The stats API's port on 127.0.0.1. */
  apiPort: number;
  allowPrivateDestinations: boolean;
}) {
  const inbounds: object[] = [
    {
      tag: API_TAG,
      listen: '127.0.0.1',
      port: apiPort,
      protocol: 'dokodemo-door',
      settings: { address: '127.0.0.1' },
    },
  ];
  const outbounds: object[] = [{ tag: BLOCKED_TAG, protocol: 'blackhole' }];
  const rules: object[] = [{ type: 'field', inboundTag: [API_TAG], outboundTag: API_TAG }];
  if (!allowPrivateDestinations) {
    // With IPOnDemand a domain is resolved when this rule is reached, so a name that points into
    // a private range is refused as well.
    rules.push({ type: 'field', ip: [...blockedNetworks], outboundTag: BLOCKED_TAG });
  }
  for (const credential of credentials) {
    const ip = unmapIpv4(credential.ip);
    inbounds.push({
      tag: `in-${credential.instanceId}`,
      listen: ip,
      port: credential.vmessPort,
      protocol: 'vmess',
      settings: {
        clients: [{ id: credential.vmessId, alterId: 0, email: credential.instanceId, level: 0 }],
      },
    });
    outbounds.push({
      tag: `out-${credential.instanceId}`,
      protocol: 'freedom',
      sendThrough: ip,
      settings: { domainStrategy: ip.includes(':') ? 'UseIPv6' : 'UseIPv4' },
    });
    rules.push({
      type: 'field',
      inboundTag: [`in-${credential.instanceId}`],
      outboundTag: `out-${credential.instanceId}`,
    });
  }
  return {
    log: { loglevel: 'warning' },
    stats: {},
    api: { tag: API_TAG, services: ['StatsService'] },
    policy: { levels: { '0': { statsUserUplink: true, statsUserDownlink: true } } },
    inbounds,
    outbounds,
    routing: { domainStrategy: 'IPOnDemand', rules },
  };
}
