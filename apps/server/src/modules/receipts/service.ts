// Receipts (收据), derived each time from the paid top-up or order they are about: nothing is
// stored, so a receipt always says what its payment or order says now (an order's refunds
// included). Another customer's, a missing or an unpaid one all answer `receiptNotFound` alike.
import {
  CURRENCY,
  fenToYuan,
  receiptNumberOf,
  type BusinessProfileFields,
  type Locale,
  type Receipt,
  type ReceiptKind,
} from '@stratus/contract';
import type { Db } from '@stratus/db';
import { businessDayOf } from '../../business-time.ts';
import { AppError } from '../../errors.ts';
import { findOrder, findOrderByNo, toOrders } from '../checkout/public.ts';
import { findPaymentOfUser, findPaymentOfUserByNo } from '../payments/public.ts';
import { getBusinessProfile } from '../settings/public.ts';
import { requireUser } from '../users/public.ts';

/** A UUID as the contract's `receiptSourceIdSchema` takes it; anything else is a number. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type ReceiptBody = Omit<Receipt, 'issuer' | 'customer' | 'businessDate' | 'currency'>;

async function topUpReceipt(db: Db, userId: string, id: string): Promise<ReceiptBody> {
  const payment = UUID.test(id)
    ? await findPaymentOfUser(db, { id: id.toLowerCase(), userId })
    : await findPaymentOfUserByNo(db, { paymentNo: id, userId });
  // Only paid top-ups have one; a payment credited after it was closed is paid too.
  if (!payment || payment.status !== 'paid' || !payment.paidAt) {
    throw new AppError('receiptNotFound');
  }
  const amount = fenToYuan(payment.amountFen);
  return {
    receiptNo: receiptNumberOf(payment.paymentNo),
    kind: 'topup',
    sourceId: payment.id,
    sourceNo: payment.paymentNo,
    orderType: null,
    paidAt: payment.paidAt.toISOString(),
    lines: [{ kind: 'topup', quantity: 1, unitPrice: amount, amount }],
    amount,
    refunded: null,
    channel: payment.channel,
    providerTradeNo: payment.providerTradeNo,
  };
}

async function orderReceipt(
  db: Db,
  userId: string,
  id: string,
  locale: Locale,
): Promise<ReceiptBody> {
  const row = UUID.test(id)
    ? await findOrder(db, { userId, orderId: id.toLowerCase() })
    : await findOrderByNo(db, { userId, orderNo: id });
  // Every order is paid from the wallet when it is made; refunded ones keep their receipt.
  if (!row) throw new AppError('receiptNotFound');
  const [order] = await toOrders(db, [row], locale);
  if (!order) throw new AppError('receiptNotFound');
  return {
    receiptNo: receiptNumberOf(row.orderNo),
    kind: 'order',
    sourceId: row.id,
    sourceNo: row.orderNo,
    orderType: row.type,
    paidAt: row.createdAt.toISOString(),
    lines: order.items,
    amount: fenToYuan(row.totalFen),
    refunded: fenToYuan(row.refundedFen),
    channel: null,
    providerTradeNo: null,
  };
}

/** The issuer as printed: the settings' fields without the time they were saved. */
function issuerOf({ companyName, address, taxNumber, phone, email }: BusinessProfileFields) {
  return { companyName, address, taxNumber, phone, email };
}

/** The receipt of one of the customer's paid top-ups or orders, in the reader's language. */
export async function getReceipt({
  db,
  userId,
  kind,
  id,
  locale,
}: {
  db: Db;
  userId: string;
  kind: ReceiptKind;
  /** The payment's or order's id, or its readable number. */
  id: string;
  locale: Locale;
}): Promise<Receipt> {
  const body =
    kind === 'topup'
      ? await topUpReceipt(db, userId, id)
      : await orderReceipt(db, userId, id, locale);
  const [user, profile] = await Promise.all([requireUser(db, userId), getBusinessProfile({ db })]);
  return {
    ...body,
    businessDate: businessDayOf(new Date(body.paidAt)),
    issuer: issuerOf(profile),
    customer: { email: user.email, name: user.name },
    currency: CURRENCY,
  };
}
