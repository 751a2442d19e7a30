import {
  CURRENCY,
  fenToYuan,
  yuanToFen,
  type AdminCustomerPayment,
  type createTopUp as createTopUpEndpoint,
  type EndpointData,
  type Page,
  type Payment,
  type PaymentChannel,
  type TopUpOptions,
} from '@stratus/contract';
import type { Db } from '@stratus/db';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsConfig } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { PaymentChannelDriver, PaymentChannels } from './channels.ts';
import {
  closePayment,
  closePaymentUnasked,
  creditPayment,
  type CloseResult,
  type CreditResult,
} from './crediting.ts';
import {
  outcomeOfCreditError,
  recordNotification,
  type ReceivedNotification,
} from './notifications.ts';
import {
  countPaymentsOfUser,
  findCreditedBalance,
  findOpenPaymentOfUser,
  findPaymentOfUser,
  insertPayment,
  listPaymentsOfUser,
  saveProviderCodeUrl,
  type PaymentRow,
} from './repo.ts';

/** Preset top-up amounts in yuan; those outside the configured limits are left out. */
const TOP_UP_PRESETS = [50, 100, 500, 1000, 5000];

export function getTopUpOptions({
  config,
  channels,
}: {
  config: PaymentsConfig;
  channels: PaymentChannels;
}): TopUpOptions {
  const minAmount = fenToYuan(config.topUpMinFen);
  const maxAmount = fenToYuan(config.topUpMaxFen);
  return {
    channels: [...channels.keys()],
    minAmount,
    maxAmount,
    presets: TOP_UP_PRESETS.filter((yuan) => yuan >= minAmount && yuan <= maxAmount),
  };
}

function requireChannel(channels: PaymentChannels, name: PaymentChannel): PaymentChannelDriver {
  const channel = channels.get(name);
  if (!channel) throw new AppError('paymentChannelDisabled');
  return channel;
}

/** Creates a pending top-up payment and says where the browser pays it. */
export async function createTopUp({
  db,
  config,
  channels,
  userId,
  amount,
  channel: channelName,
  now = new Date(),
}: {
  db: Db;
  config: PaymentsConfig;
  channels: PaymentChannels;
  userId: string;
  /** Yuan, at most two decimals (validated by the contract). */
  amount: number;
  channel: PaymentChannel;
  now?: Date;
}): Promise<EndpointData<typeof createTopUpEndpoint>> {
  const channel = requireChannel(channels, channelName);
  const amountFen = yuanToFen(amount);
  if (amountFen < config.topUpMinFen || amountFen > config.topUpMaxFen) {
    throw new AppError('topUpAmountOutOfRange', {
      min: fenToYuan(config.topUpMinFen),
      max: fenToYuan(config.topUpMaxFen),
    });
  }
  let payment = await insertPayment(db, {
    userId,
    channel: channelName,
    amountFen,
    expiresAt: new Date(now.getTime() + config.expiryMinutes * 60_000),
  });
  payment = await startProviderTrade({ db, channel, payment, now });
  return {
    paymentId: payment.id,
    paymentNo: payment.paymentNo,
    payUrl: channel.createPayUrl(payment),
    codeUrl: payment.providerCodeUrl,
    expiresAt: payment.expiresAt.toISOString(),
  };
}

/**
 * Opens the trade at a provider that must know it before the buyer pays (WeChat Pay's QR code)
 * and keeps what it answered on the payment. A provider that cannot be asked or refuses leaves
 * the buyer nothing to pay with: the payment is closed here at once (unasked: no QR code was
 * ever shown, and should WeChat Pay hold the order after all, it expires at our expiry and a
 * verified notification would still credit it), and the customer is told to try again.
 */
async function startProviderTrade({
  db,
  channel,
  payment,
  now,
}: {
  db: Db;
  channel: PaymentChannelDriver;
  payment: PaymentRow;
  now: Date;
}): Promise<PaymentRow> {
  if (!channel.startPayment) return payment;
  try {
    const started = await channel.startPayment(payment);
    return await saveProviderCodeUrl(db, { id: payment.id, codeUrl: started.codeUrl });
  } catch (error) {
    await closePaymentUnasked({ db, paymentId: payment.id, now });
    throw new AppError('paymentProviderStartFailed', {}, null, { cause: error });
  }
}

async function toPayment(db: Db, channels: PaymentChannels, payment: PaymentRow): Promise<Payment> {
  const channel = channels.get(payment.channel);
  const balanceAfterFen =
    payment.status === 'paid' ? await findCreditedBalance(db, payment) : undefined;
  return {
    id: payment.id,
    paymentNo: payment.paymentNo,
    channel: payment.channel,
    amount: fenToYuan(payment.amountFen),
    currency: CURRENCY,
    status: payment.status,
    payUrl: payment.status === 'pending' && channel ? channel.createPayUrl(payment) : '',
    codeUrl: payment.status === 'pending' ? payment.providerCodeUrl : null,
    createdAt: payment.createdAt.toISOString(),
    expiresAt: payment.expiresAt.toISOString(),
    paidAt: payment.paidAt?.toISOString() ?? null,
    balanceAfter: balanceAfterFen === undefined ? null : fenToYuan(balanceAfterFen),
  };
}

async function requireOwnPayment(db: Db, id: string, userId: string): Promise<PaymentRow> {
  const payment = await findPaymentOfUser(db, { id, userId });
  if (!payment) throw new AppError('paymentNotFound');
  return payment;
}

export async function getTopUp({
  db,
  channels,
  userId,
  paymentId,
}: {
  db: Db;
  channels: PaymentChannels;
  userId: string;
  paymentId: string;
}): Promise<Payment> {
  return toPayment(db, channels, await requireOwnPayment(db, paymentId, userId));
}

/**
 * The top-up the customer left open, if any: the recharge page offers to resume it (its cashier)
 * or cancel it, so a payment started and abandoned is not forgotten.
 */
export async function getOpenTopUp({
  db,
  channels,
  userId,
  now = new Date(),
}: {
  db: Db;
  channels: PaymentChannels;
  userId: string;
  now?: Date;
}): Promise<{ payment: Payment | null }> {
  const open = await findOpenPaymentOfUser(db, { userId, now });
  return { payment: open ? await toPayment(db, channels, open) : null };
}

/**
 * The customer gives up a pending top-up. The provider closes its trade first, so the buyer cannot
 * pay it afterwards; a trade already paid there is credited instead, and the cancel answers 409
 * like one of a payment already paid or closed. 503 when the provider cannot be asked: the
 * payment stays pending, as closing it unasked could strand a payment made meanwhile.
 */
export async function cancelTopUp({
  db,
  channels,
  userId,
  paymentId,
  now = new Date(),
}: {
  db: Db;
  channels: PaymentChannels;
  userId: string;
  paymentId: string;
  now?: Date;
}): Promise<Payment> {
  const payment = await requireOwnPayment(db, paymentId, userId);
  if (payment.status !== 'pending') throw new AppError('paymentNotPending');
  let closed: CloseResult;
  try {
    closed = await closePayment({ db, channels, payment, now });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('paymentProviderUnavailable', {}, null, { cause: error });
  }
  // Paid at the provider after all, or settled meanwhile by a notification or the expiry job.
  if (closed.outcome !== 'closed') throw new AppError('paymentNotPending');
  return toPayment(db, channels, closed.payment);
}

/**
 * The sandbox cashier's confirm: pays the caller's own sandbox payment through creditPayment. It
 * stands for the provider's notification of a real channel, so it lands in the payment's notify
 * history the same way (verified: the payment's own customer confirmed it).
 */
export async function completeSandboxPayment({
  db,
  channels,
  userId,
  paymentId,
  log,
  now = new Date(),
}: {
  db: Db;
  channels: PaymentChannels;
  userId: string;
  paymentId: string;
  log: FastifyBaseLogger;
  now?: Date;
}): Promise<Payment> {
  const payment = await requireOwnPayment(db, paymentId, userId);
  requireChannel(channels, 'sandbox');
  if (payment.channel !== 'sandbox') throw new AppError('paymentChannelDisabled');
  const tradeNo = `sandbox-${payment.id}`;
  const received: ReceivedNotification = {
    channel: 'sandbox',
    outTradeNo: payment.id,
    providerTradeNo: tradeNo,
    tradeStatus: null,
    amountFen: payment.amountFen,
  };
  let credited: CreditResult;
  try {
    credited = await creditPayment({
      db,
      paymentId,
      paidAmountFen: payment.amountFen,
      currency: payment.currency,
      tradeNo,
      paidBy: 'sandbox',
      now,
    });
  } catch (error) {
    if (error instanceof AppError) {
      const verdict = { verified: true, outcome: outcomeOfCreditError(error), reply: 'failure' };
      await recordNotification({ db, log, received, verdict });
    }
    throw error;
  }
  const outcome = credited.credited ? 'credited' : 'already-paid';
  await recordNotification({
    db,
    log,
    received,
    verdict: { verified: true, outcome, reply: 'success' },
  });
  return toPayment(db, channels, credited.payment);
}

/** A customer's payments as operators see them (the customer's page), newest first. */
export async function listPaymentsForOperator({
  db,
  userId,
  status,
  page,
  pageSize,
}: {
  db: Db;
  userId: string;
  status?: Payment['status'];
  page: number;
  pageSize: number;
}): Promise<Page<AdminCustomerPayment>> {
  const [rows, total] = await Promise.all([
    listPaymentsOfUser(db, { userId, status, limit: pageSize, offset: (page - 1) * pageSize }),
    countPaymentsOfUser(db, { userId, status }),
  ]);
  return {
    items: rows.map((payment) => ({
      id: payment.id,
      paymentNo: payment.paymentNo,
      channel: payment.channel,
      amount: fenToYuan(payment.amountFen),
      status: payment.status,
      providerTradeNo: payment.providerTradeNo,
      createdAt: payment.createdAt.toISOString(),
      expiresAt: payment.expiresAt.toISOString(),
      paidAt: payment.paidAt?.toISOString() ?? null,
      closedAt: payment.closedAt?.toISOString() ?? null,
    })),
    total,
    page,
    pageSize,
  };
}
