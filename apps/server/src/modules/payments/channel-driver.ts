// What a payment channel is: the interface every provider's driver implements. A leaf, so the
// drivers (alipay.ts) and the registry that builds them (channels.ts) both depend on it and not
// on each other.
import type { PaymentChannel } from '@stratus/contract';
import type { PaymentRow } from './repo.ts';

/** What the provider says about a payment's trade. */
export interface TradeState {
  state: 'paid' | 'unpaid' | 'closed';
  /** Paid amount in fen, when paid. */
  amountFen?: bigint;
  currency?: string;
  /** The provider's trade number, when it has one. */
  tradeNo?: string;
  /** When the buyer paid, by the provider's clock. */
  paidAt?: Date;
}

/** One way to pay. Only what comes through `verifyNotification` or `queryTrade` is trusted. */
export interface PaymentChannelDriver {
  readonly name: PaymentChannel;
  /** Where the browser goes to pay this pending payment. */
  createPayUrl(payment: PaymentRow): string;
  /** Asks the provider about the trade. */
  queryTrade(payment: PaymentRow): Promise<TradeState>;
  /**
   * Closes the trade at the provider, so it takes no money after we close the payment: answers
   * `closed`, or the trade's state (`paid`) when the buyer has paid already and it cannot close.
   * Throws when the provider cannot be asked or answers anything else.
   */
  closeTrade(payment: PaymentRow): Promise<TradeState>;
  /** Whether an asynchronous notification really comes from the provider. */
  verifyNotification(params: Record<string, string>): boolean;
}

/** The channels switched on here, in display order. */
export type PaymentChannels = Map<PaymentChannel, PaymentChannelDriver>;
