// The export and subscription body. The share lines themselves come from the contract, so the
// console's detail drawer shows exactly what an export contains.
import {
  base64Utf8,
  httpUrl,
  socks5Url,
  vmessLink,
  type ExportType,
  type ProxyLinkTarget,
} from '@stratus/contract';

/** The export body: lines joined with `\n`; `base64` wraps the whole body as a subscription. */
export function buildExportBody({
  type,
  instances,
  encoding,
}: {
  type: ExportType;
  instances: ProxyLinkTarget[];
  encoding: 'plain' | 'base64';
}): string {
  const lines = instances.flatMap((instance) => {
    if (type === 'socks5') return [socks5Url(instance)];
    if (type === 'vmess') return [vmessLink(instance)];
    return [socks5Url(instance), httpUrl(instance), vmessLink(instance)];
  });
  const body = lines.join('\n');
  return encoding === 'base64' ? base64Utf8(body) : body;
}
