import { ledgerEntryTypes, type LedgerEntryType } from '@stratus/contract';
import type { MessageKey } from '../../locales/index.ts';

/** Label and tag colour of each kind of ledger row. */
export const ledgerTypeLooks: Record<LedgerEntryType, { label: MessageKey; colour: string }> = {
  topup: { label: 'wallet.flow.type.topup', colour: 'green' },
  static_ip_purchase: { label: 'wallet.flow.type.staticIpPurchase', colour: 'blue' },
  renewal: { label: 'wallet.flow.type.renewal', colour: 'geekblue' },
  traffic_purchase: { label: 'wallet.flow.type.trafficPurchase', colour: 'purple' },
  refund: { label: 'wallet.flow.type.refund', colour: 'gold' },
  adjustment: { label: 'wallet.flow.type.adjustment', colour: 'default' },
};

export function isLedgerEntryType(value: string | null): value is LedgerEntryType {
  return value !== null && (ledgerEntryTypes as readonly string[]).includes(value);
}
