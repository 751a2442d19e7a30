// The subscription profiles, one per client family, built from the same proxy list so every
// format names the same proxies. YAML is written by the `yaml` package, never by hand.
import {
  base64Utf8,
  httpUrl,
  socks5Url,
  vmessLink,
  type ProxyLinkTarget,
  type ProxyProtocol,
  type SubscriptionFormat,
} from '@stratus/contract';
import { stringify } from 'yaml';

/** A live instance as the profiles need it. */
export interface SubscriptionInstance extends ProxyLinkTarget {
  protocols: ProxyProtocol[];
}

/** One proxy of the profile: an instance's protocol under a readable, unique name. */
export interface ProfileProxy {
  name: string;
  protocol: ProxyProtocol;
  instance: SubscriptionInstance;
}

const protocolOrder: ProxyProtocol[] = ['socks5', 'http', 'vmess'];
const protocolLabels: Record<ProxyProtocol, string> = {
  socks5: 'SOCKS5',
  http: 'HTTP',
  vmess: 'VMess',
};

/**
 * Each instance's protocols as named proxies: `JP 东京 203.0.113.7 SOCKS5`. An IP serves one live
 * instance, so names are unique already; a suffix keeps them unique should that ever not hold
 * (clients refuse a profile with two proxies of one name).
 */
export function listProfileProxies(instances: SubscriptionInstance[]): ProfileProxy[] {
  const taken = new Set<string>();
  const proxies: ProfileProxy[] = [];
  for (const instance of instances) {
    for (const protocol of protocolOrder) {
      if (!instance.protocols.includes(protocol)) continue;
      const base = `${instance.country} ${instance.city} ${instance.ip} ${protocolLabels[protocol]}`;
      let name = base;
      for (let copy = 2; taken.has(name); copy += 1) name = `${base} #${copy}`;
      taken.add(name);
      proxies.push({ name, protocol, instance });
    }
  }
  return proxies;
}

function clashProxy({ name, protocol, instance }: ProfileProxy) {
  if (protocol === 'vmess') {
    return {
      name,
      type: 'vmess',
      server: instance.ip,
      port: instance.vmessPort,
      uuid: instance.vmessId,
      alterId: 0,
      cipher: 'auto',
    };
  }
  return {
    name,
    type: protocol,
    server: instance.ip,
    port: instance.port,
    username: instance.username,
    password: instance.password,
  };
}

/**
 * mihomo / Clash YAML: the proxies, one `select` group naming exactly them, and a rule sending
 * everything through the group. mihomo refuses a group with no proxies, so with none the group
 * holds only `DIRECT` and the profile still loads. Both dialects read these fields alike; the
 * formats stay apart so either can grow its own keys.
 */
export function buildClashProfile({
  proxies,
  groupName,
}: {
  proxies: ProfileProxy[];
  groupName: string;
}) {
  const names = proxies.map((proxy) => proxy.name);
  return stringify({
    'mixed-port': 7890,
    mode: 'rule',
    proxies: proxies.map(clashProxy),
    'proxy-groups': [
      { name: groupName, type: 'select', proxies: names.length ? names : ['DIRECT'] },
    ],
    rules: [`MATCH,${groupName}`],
  });
}

function singBoxOutbound({ name, protocol, instance }: ProfileProxy) {
  if (protocol === 'vmess') {
    return {
      type: 'vmess',
      tag: name,
      server: instance.ip,
      server_port: instance.vmessPort,
      uuid: instance.vmessId,
      security: 'auto',
      alter_id: 0,
    };
  }
  return {
    type: protocol === 'socks5' ? 'socks' : 'http',
    tag: name,
    server: instance.ip,
    server_port: instance.port,
    ...(protocol === 'socks5' ? { version: '5' } : {}),
    username: instance.username,
    password: instance.password,
  };
}

/**
 * sing-box JSON: a `selector` over the proxies (or only `direct` when there are none: a selector
 * must name at least one outbound), the proxies, and `direct`; the route's final outbound is the
 * selector.
 */
export function buildSingBoxProfile({
  proxies,
  groupName,
}: {
  proxies: ProfileProxy[];
  groupName: string;
}) {
  const tags = proxies.map((proxy) => proxy.name);
  return JSON.stringify(
    {
      outbounds: [
        { type: 'selector', tag: groupName, outbounds: tags.length ? tags : ['direct'] },
        ...proxies.map(singBoxOutbound),
        { type: 'direct', tag: 'direct' },
      ],
      route: { final: groupName },
    },
    null,
    2,
  );
}

const shareLine: Record<ProxyProtocol, (target: ProxyLinkTarget) => string> = {
  socks5: socks5Url,
  http: httpUrl,
  vmess: vmessLink,
};

/** Base64 of the share lines (`socks5://`, `http://`, v2rayN `vmess://`), one per line. */
export function buildBase64Profile(proxies: ProfileProxy[]): string {
  return base64Utf8(proxies.map((proxy) => shareLine[proxy.protocol](proxy.instance)).join('\n'));
}

/** Body, media type and file extension of a profile in `format`. */
export function buildProfile({
  format,
  proxies,
  groupName,
}: {
  format: SubscriptionFormat;
  proxies: ProfileProxy[];
  groupName: string;
}): { body: string; contentType: string; extension: string } {
  if (format === 'mihomo' || format === 'clash') {
    const body = buildClashProfile({ proxies, groupName });
    return { body, contentType: 'text/yaml; charset=utf-8', extension: 'yaml' };
  }
  if (format === 'singbox') {
    const body = buildSingBoxProfile({ proxies, groupName });
    return { body, contentType: 'application/json; charset=utf-8', extension: 'json' };
  }
  return {
    body: buildBase64Profile(proxies),
    contentType: 'text/plain; charset=utf-8',
    extension: 'txt',
  };
}
