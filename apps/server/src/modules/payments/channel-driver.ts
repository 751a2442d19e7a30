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

/** What the provider answered when the trade was opened, kept on the payment. */
export interface StartedTrade {
  /** WeChat Pay Native's `code_url`: the QR code's text (`payments.provider_code_url`). */
  codeUrl: string;
}

/**
 * One way to pay. Only what comes through a driver's verified notification or `queryTrade` is
 * trusted; each provider's notification has its own shape, so verifying one is its driver's own.
 */
export interface PaymentChannelDriver {
  readonly name: PaymentChannel;
  /**
   * Opens the trade at the provider as the payment is created, for providers that must be told
   * before the buyer pays (WeChat Pay Native answers the QR's `code_url`). Absent where the pay
   * URL itself opens the trade (Alipay's page, the sandbox cashier). Throws when the provider
   * cannot be asked or refuses.
   */
  startPayment?(payment: PaymentRow): Promise<StartedTrade>;
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
}

/** The channels switched on here, in display order. */
export type PaymentChannels = Map<PaymentChannel, PaymentChannelDriver>;
