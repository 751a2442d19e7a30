import type { PaymentsConfig } from '../../config.ts';
import { createAlipayChannel } from './alipay.ts';
import type { PaymentChannelDriver, PaymentChannels } from './channel-driver.ts';

export type { PaymentChannelDriver, PaymentChannels, TradeState } from './channel-driver.ts';

/**
 * The built-in cashier: the web app's checkout-counter page, whose confirm button calls the
 * sandbox complete endpoint. Nothing outside this server knows its trades, so a query always
 * answers "unpaid", a close always succeeds and no notification is ever genuine.
 */
export function createSandboxChannel(): PaymentChannelDriver {
  return {
    name: 'sandbox',
    createPayUrl: (payment) => `/console/checkout-counter?paymentId=${payment.id}`,
    queryTrade: async () => ({ state: 'unpaid' }),
    closeTrade: async () => ({ state: 'closed' }),
    verifyNotification: () => false,
  };
}

export function createPaymentChannels(config: PaymentsConfig): PaymentChannels {
  const channels: PaymentChannels = new Map();
  if (config.alipay) channels.set('alipay', createAlipayChannel(config.alipay));
  if (config.sandboxEnabled) channels.set('sandbox', createSandboxChannel());
  return channels;
}
