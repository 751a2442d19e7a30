// How a ledger row reads: its type label and its note, worded from the shared catalogue in the
// reader's language. The console's table and the server's CSV export both call these, so a row
// reads the same on screen and in the file. Notes the code writes are stored as codes (a top-up's
// channel, `auto-renew`, `traffic:10x2:30d`); any other note is free text and shown as written.
import { parseTopUpNote, type LedgerEntryType, type PaymentChannel } from './endpoints/wallet.ts';
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

/** A row's note in the translator's language; empty when the row has none. */
export function describeLedgerNote(
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
