import { ledgerTypeMessageKeys, type LedgerEntryType } from '@stratus/contract';
import type { MessageKey } from '../../locales/index.ts';

/**
 * Label and tag colour of each kind of ledger row. The label is the contract catalogue's key, the
 * one the server's CSV export words the type with.
 */
export const ledgerTypeLooks: Record<LedgerEntryType, { label: MessageKey; colour: string }> = {
  topup: { label: ledgerTypeMessageKeys.topup, colour: 'green' },
  static_ip_purchase: { label: ledgerTypeMessageKeys.static_ip_purchase, colour: 'blue' },
  renewal: { label: ledgerTypeMessageKeys.renewal, colour: 'geekblue' },
  traffic_purchase: { label: ledgerTypeMessageKeys.traffic_purchase, colour: 'purple' },
  refund: { label: ledgerTypeMessageKeys.refund, colour: 'gold' },
  adjustment: { label: ledgerTypeMessageKeys.adjustment, colour: 'default' },
};
