// Proxy share lines, built once for both the server's exports and the console's detail drawer,
// so what a customer copies is exactly what an export contains.

/** What a share line needs to know about an instance. */
export interface ProxyLinkTarget {
  ip: string;
  /** HTTP and SOCKS5 port. */
  port: number;
  vmessPort: number;
  username: string;
  password: string;
  vmessId: string;
  /** ISO country code, for the vmess `ps` label. */
  country: string;
  /** City name in the reader's language, for the vmess `ps` label. */
  city: string;
}

/** IPv6 addresses need brackets inside a URL authority. */
function urlHost(ip: string): string {
  return ip.includes(':') ? `[${ip}]` : ip;
}

function proxyUrl(scheme: 'socks5' | 'http', target: ProxyLinkTarget): string {
  // Percent-encode so a credential can never break the authority part of the URL.
  const user = encodeURIComponent(target.username);
  const pass = encodeURIComponent(target.password);
  return `${scheme}://${user}:${pass}@${urlHost(target.ip)}:${target.port}`;
}

/** `socks5://user:pass@ip:port` */
export function socks5Url(target: ProxyLinkTarget): string {
  return proxyUrl('socks5', target);
}

/** `http://user:pass@ip:port` */
export function httpUrl(target: ProxyLinkTarget): string {
  return proxyUrl('http', target);
}

/** Base64 of UTF-8 text, the same in Node and in browsers. */
export function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * A v2rayN share link: `vmess://` + base64 of the JSON share object, with `v`, `port` and `aid`
 * as strings, as v2rayN writes them.
 */
export function vmessLink(target: ProxyLinkTarget): string {
  const share = {
    v: '2',
    ps: `${target.country}-${target.city}-${target.ip}`,
    add: target.ip,
    port: String(target.vmessPort),
    id: target.vmessId,
    aid: '0',
    scy: 'auto',
    net: 'tcp',
    type: 'none',
    host: '',
    path: '',
    tls: '',
  };
  return `vmess://${base64Utf8(JSON.stringify(share))}`;
}

/**
 * `ip:port:user:pass`, the line scraping tools read. Credentials are written as they are (tools
 * split on `:`; generated credentials hold no colon).
 */
export function ipPortUserPassLine(target: ProxyLinkTarget): string {
  return `${target.ip}:${target.port}:${target.username}:${target.password}`;
}

/** `user:pass@ip:port`, the other common plain form (IPv6 bracketed, as in a URL authority). */
export function userPassAtIpPortLine(target: ProxyLinkTarget): string {
  return `${target.username}:${target.password}@${urlHost(target.ip)}:${target.port}`;
}

/**
 * Export formats, in the URL's spelling (the colon forms of the line formats have dashes there):
 * `socks5`, `http` and `vmess` one share line per instance, `all` every protocol line of each,
 * `ip-port-user-pass` (`ip:port:user:pass`) and `user-pass-at-ip-port` (`user:pass@ip:port`) the
 * plain lines scraping tools read, `csv` a spreadsheet with region, protocols and expiry.
 */
export const exportTypes = [
  'all',
  'vmess',
  'socks5',
  'http',
  'ip-port-user-pass',
  'user-pass-at-ip-port',
  'csv',
] as const;
export type ExportType = (typeof exportTypes)[number];

/** How a format is written in the console and the docs (the colon forms read as people know them). */
export const exportTypeLabels = {
  all: 'all',
  vmess: 'vmess',
  socks5: 'socks5',
  http: 'http',
  'ip-port-user-pass': 'ip:port:user:pass',
  'user-pass-at-ip-port': 'user:pass@ip:port',
  csv: 'CSV',
} as const satisfies Record<ExportType, string>;
