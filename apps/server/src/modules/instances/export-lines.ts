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
  type ProxyProtocol,
} from '@stratus/contract';

/** The line formats: every export type but the CSV spreadsheet. */
export type LineExportType = Exclude<ExportType, 'csv'>;

/** An instance as exported: its protocols, when given, are those that work on its node now. */
type ExportedInstance = ProxyLinkTarget & { protocols?: readonly ProxyProtocol[] };

/** Its vmess line, unless its node cannot serve vmess now (then no line that would not work). */
const vmessLines = (instance: ExportedInstance) =>
  !instance.protocols || instance.protocols.includes('vmess') ? [vmessLink(instance)] : [];

const linesOf: Record<LineExportType, (instance: ExportedInstance) => string[]> = {
  socks5: (instance) => [socks5Url(instance)],
  http: (instance) => [httpUrl(instance)],
  vmess: vmessLines,
  all: (instance) => [socks5Url(instance), httpUrl(instance), ...vmessLines(instance)],
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
  instances: ExportedInstance[];
  encoding: 'plain' | 'base64';
}): string {
  const body = instances.flatMap(linesOf[type]).join('\n');
  return encoding === 'base64' ? base64Utf8(body) : body;
}
