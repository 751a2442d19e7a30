// How a ledger row reads: its type label and its note, worded from the shared catalogue in the
// reader's language. The console's table and the server's CSV export both call these, so a row
// reads the same on screen and in the file. Notes the code writes are stored as codes (a top-up's
// channel, `auto-renew`, `traffic:10x2:30d`); any other note is free text and shown as written.
import {
  parseTopUpNote,
  type LedgerEntryType,
  type LedgerPurchase,
  type PaymentChannel,
} from './endpoints/wallet.ts';
import type { Locale } from './locale.ts';
import type { Translate } from './messages.ts';
import type { paymentsMessages } from './messages/payments.ts';
import type { walletMessages } from './messages/wallet.ts';

/** The catalogue keys the ledger's labels use: the wallet and payments domains. */
type LedgerMessageKey =
  keyof (typeof walletMessages)['zh-CN'] | keyof (typeof paymentsMessages)['zh-CN'];

/** The catalogue key of each ledger type's label. */
export const ledgerTypeMessageKeys = {
  topup: 'wallet.flow.type.topup',
  static_ip_purchase: 'wallet.flow.type.staticIpPurchase',
  renewal: 'wallet.flow.type.renewal',
  traffic_purchase: 'wallet.flow.type.trafficPurchase',
  refund: 'wallet.flow.type.refund',
  adjustment: 'wallet.flow.type.adjustment',
} as const satisfies Record<LedgerEntryType, LedgerMessageKey>;

/** The note of a renewal the auto-renew job paid for. */
export const AUTO_RENEW_NOTE = 'auto-renew';

/** What a traffic purchase bought: `quantity` packages of `gb`, valid `validityDays`. */
export interface TrafficPurchaseNote {
  gb: number;
  quantity: number;
  validityDays: number;
}

/** A traffic purchase's note code: `traffic:10x2:30d` (10 GB × 2, valid 30 days). */
export function formatTrafficPurchaseNote({
  gb,
  quantity,
  validityDays,
}: TrafficPurchaseNote): string {
  return `traffic:${gb}x${quantity}:${validityDays}d`;
}

const trafficNoteCode = /^traffic:(\d+)x(\d+):(\d+)d$/;
/** The English sentence traffic purchases wrote before notes were codes. */
const legacyTrafficNote = /^traffic (\d+) GB × (\d+) = \d+ GB, (\d+) days$/;

function parseTrafficPurchaseNote(note: string): TrafficPurchaseNote | undefined {
  const match = trafficNoteCode.exec(note) ?? legacyTrafficNote.exec(note);
  if (!match) return undefined;
  return { gb: Number(match[1]), quantity: Number(match[2]), validityDays: Number(match[3]) };
}

/** A stored note read for its row's type. */
export type LedgerNote =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'topUp'; channel: PaymentChannel; creditedAfterClose: boolean }
  | { kind: 'autoRenewal' }
  | ({ kind: 'trafficPurchase' } & TrafficPurchaseNote);

/**
 * Reads a stored note. A code counts only on the type that writes it, so an operator's free-text
 * reason that happens to read `alipay` stays text.
 */
export function parseLedgerNote(type: LedgerEntryType, note: string): LedgerNote {
  if (note === '') return { kind: 'empty' };
  if (type === 'topup') {
    const topUp = parseTopUpNote(note);
    if (topUp) return { kind: 'topUp', ...topUp };
  }
  if (type === 'renewal' && note === AUTO_RENEW_NOTE) return { kind: 'autoRenewal' };
  if (type === 'traffic_purchase') {
    const traffic = parseTrafficPurchaseNote(note);
    if (traffic) return { kind: 'trafficPurchase', ...traffic };
  }
  return { kind: 'text', text: note };
}

/** The label of a ledger type in the translator's language. */
export function describeLedgerType(type: LedgerEntryType, t: Translate<LedgerMessageKey>): string {
  return t(ledgerTypeMessageKeys[type]);
}

/** The IPs a renewal names: up to three, then how many more. */
const IPS_NAMED = 3;

/** What a static-IP purchase or renewal bought, in the translator's language. */
function describePurchase(
  type: LedgerEntryType,
  purchase: LedgerPurchase,
  t: Translate<LedgerMessageKey>,
  locale: Locale,
): string {
  if (type === 'renewal' && purchase.ips.length > 0) {
    const named = purchase.ips.slice(0, IPS_NAMED).join(', ');
    const more = purchase.ips.length - IPS_NAMED;
    const ips =
      more > 0 ? t('wallet.ledgerNote.moreIps', { ips: named, count: purchase.ips.length }) : named;
    return t('wallet.ledgerNote.renewal', { ips, durationDays: purchase.durationDays });
  }
  const zh = locale === 'zh-CN';
  const region = t('wallet.ledgerNote.region', {
    country: zh ? purchase.countryNameZh : purchase.countryNameEn,
    city: zh ? purchase.cityNameZh : purchase.cityNameEn,
  });
  return t('wallet.ledgerNote.staticIpPurchase', {
    region,
    line: t(`wallet.ledgerNote.lineType.${purchase.lineType}`),
    quantity: purchase.quantity,
    durationDays: purchase.durationDays,
  });
}

/**
 * A row's note in the translator's language (`locale` picks the region's names the order
 * recorded); empty when the row has none. A purchase or renewal says what it bought, after the
 * stored note when there is one (an automatic renewal).
 */
export function describeLedgerNote(
  entry: { type: LedgerEntryType; note: string; purchase?: LedgerPurchase | null },
  t: Translate<LedgerMessageKey>,
  locale: Locale,
): string {
  const note = describeStoredNote(entry, t);
  if (!entry.purchase) return note;
  const bought = describePurchase(entry.type, entry.purchase, t, locale);
  return note ? `${note} · ${bought}` : bought;
}

/** The stored note in the translator's language; empty when the row has none. */
function describeStoredNote(
  entry: { type: LedgerEntryType; note: string },
  t: Translate<LedgerMessageKey>,
): string {
  const note = parseLedgerNote(entry.type, entry.note);
  switch (note.kind) {
    case 'empty':
      return '';
    case 'text':
      return note.text;
    case 'topUp': {
      const channel = t(`payments.channel.${note.channel}`);
      return note.creditedAfterClose
        ? t('payments.ledgerNote.creditedAfterClose', { channel })
        : channel;
    }
    case 'autoRenewal':
      return t('wallet.ledgerNote.autoRenewal');
    case 'trafficPurchase':
      return t('wallet.ledgerNote.trafficPurchase', {
        gb: note.gb,
        quantity: note.quantity,
        totalGb: note.gb * note.quantity,
        validityDays: note.validityDays,
      });
  }
}
