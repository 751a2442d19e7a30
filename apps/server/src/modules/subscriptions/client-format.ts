import type { SubscriptionFormat } from '@stratus/contract';

/**
 * The profile format a client reads, told by its User-Agent, first match wins. The mihomo family
 * comes before plain Clash because their agents contain `clash` too (`clash-verge/…`,
 * `ClashMetaForAndroid/…`, `FlClash/…`); Stash sends `Stash/… Clash/…`.
 */
const agentFormats: [RegExp, SubscriptionFormat][] = [
  [/clash[-. ]?verge|mihomo|clash[-. ]?meta|flclash/i, 'mihomo'],
  [/clash|stash/i, 'clash'],
  // sing-box's own apps: SFA (Android), SFI (iOS), SFM (macOS), SFT (tvOS), each `SFx/1.x`.
  [/^SF[AIMT]\/|sing-box|hiddify/i, 'singbox'],
];

/** The format for `userAgent`: base64 share links when nothing matches (v2rayN and the rest). */
export function formatForUserAgent(userAgent: string | undefined): SubscriptionFormat {
  for (const [pattern, format] of agentFormats)
    if (userAgent && pattern.test(userAgent)) return format;
  return 'base64';
}
