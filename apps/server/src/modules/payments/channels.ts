import type { PaymentsConfig } from '../../config.ts';
import { createAlipayChannel } from './alipay.ts';
import { createWechatPayChannel } from './wechat-pay.ts';
import type { PaymentChannelDriver, PaymentChannels } from './channel-driver.ts';

export type {
  PaymentChannelDriver,
  PaymentChannels,
  StartedTrade,
  TradeState,
} from './channel-driver.ts';

/**
 * The built-in cashier: the web app's checkout-counter page, whose confirm button calls the
 * sandbox complete endpoint. Nothing outside this server knows its trades, so a query always
 * answers "unpaid" and a close always succeeds.
 */
export function createSandboxChannel(): PaymentChannelDriver {
  return {
    name: 'sandbox',
    createPayUrl: (payment) => `/console/checkout-counter?paymentId=${payment.id}`,
    queryTrade: async () => ({ state: 'unpaid' }),
    closeTrade: async () => ({ state: 'closed' }),
  };
}

export function createPaymentChannels(config: PaymentsConfig): PaymentChannels {
  const channels: PaymentChannels = new Map();
  if (config.alipay) channels.set('alipay', createAlipayChannel(config.alipay));
  if (config.wechat) channels.set('wechat', createWechatPayChannel(config.wechat));
  if (config.sandboxEnabled) channels.set('sandbox', createSandboxChannel());
  return channels;
}
