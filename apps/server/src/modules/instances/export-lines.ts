// The export and subscription body. The share lines themselves come from the contract, so the
// console's detail drawer shows exactly what an export contains.
import {
  base64Utf8,
  httpUrl,
  ipPortUserPassLine,
  socks5Url,
  userPassAtIpPortLine,
  vmessLink,
  type ExportType,
  type ProxyLinkTarget,
} from '@stratus/contract';

/** The line formats: every export type but the CSV spreadsheet. */
export type LineExportType = Exclude<ExportType, 'csv'>;

const linesOf: Record<LineExportType, (instance: ProxyLinkTarget) => string[]> = {
  socks5: (instance) => [socks5Url(instance)],
  http: (instance) => [httpUrl(instance)],
  vmess: (instance) => [vmessLink(instance)],
  all: (instance) => [socks5Url(instance), httpUrl(instance), vmessLink(instance)],
  'ip-port-user-pass': (instance) => [ipPortUserPassLine(instance)],
  'user-pass-at-ip-port': (instance) => [userPassAtIpPortLine(instance)],
};

/** The export body: lines joined with `\n`; `base64` wraps the whole body as a subscription. */
export function buildExportBody({
  type,
  instances,
  encoding,
}: {
  type: LineExportType;
  instances: ProxyLinkTarget[];
  encoding: 'plain' | 'base64';
}): string {
  const body = instances.flatMap(linesOf[type]).join('\n');
  return encoding === 'base64' ? base64Utf8(body) : body;
}
