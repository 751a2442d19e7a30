// Receipts (收据): what a customer prints for a paid top-up or order. A receipt is derived from
// the payment or order it is about, never stored: its number is `R` + that payment's or order's
// number, so it is unique and reads the same every time it is printed.
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { CURRENCY } from '../money.ts';
import { businessProfileFieldsSchema } from './admin-settings.ts';
import { orderItemSchema, orderTypeSchema } from './orders.ts';
import { receiptKinds } from '../receipt-links.ts';
import { paymentChannelSchema } from './wallet.ts';

export const receiptKindSchema = z.enum(receiptKinds);

/**
 * Which payment or order a receipt is about: its id (a UUID) or its readable number, two capital
 * letters (`TP`, `SI`, `RN`, `TR`, `RP`), the business day (yyyymmdd) and ten digits.
 */
export const receiptSourceIdSchema = z
  .string()
  .regex(
    /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[A-Z]{2}\d{18})$/,
    'receiptSourceId',
  );

/** The one line of a top-up's receipt: money put into the wallet. */
export const topUpReceiptLineSchema = z.object({
  kind: z.literal('topup'),
  quantity: z.literal(1),
  /** Yuan. */
  unitPrice: z.number(),
  /** Yuan. */
  amount: z.number(),
});
export type TopUpReceiptLine = z.infer<typeof topUpReceiptLineSchema>;

/** A receipt's line: a top-up's one line, or an order's line as the order answers it. */
export const receiptLineSchema = z.discriminatedUnion('kind', [
  topUpReceiptLineSchema,
  orderItemSchema,
]);
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

export const receiptSchema = z.object({
  /** `R` + the payment's or order's number: unique and stable. */
  receiptNo: z.string(),
  kind: receiptKindSchema,
  /** The payment's or order's id. */
  sourceId: z.string(),
  /** The payment's (`TP…`) or order's number. */
  sourceNo: z.string(),
  /** What the order bought; null for a top-up. */
  orderType: orderTypeSchema.nullable(),
  /** ISO 8601: when the money arrived (a top-up) or the order was paid from the wallet. */
  paidAt: z.iso.datetime(),
  /** `YYYY-MM-DD`: the business day (business time zone) of `paidAt`. */
  businessDate: z.iso.date(),
  /** The business's details from the operator's settings; empty fields are not printed. */
  issuer: businessProfileFieldsSchema,
  customer: z.object({ email: z.string(), name: z.string() }),
  lines: z.array(receiptLineSchema),
  /** Yuan paid. */
  amount: z.number(),
  /** Yuan refunded to the wallet so far (orders); null for a top-up. */
  refunded: z.number().nullable(),
  currency: z.literal(CURRENCY),
  /** The top-up's payment channel; null for an order paid from the wallet. */
  channel: paymentChannelSchema.nullable(),
  /** The payment provider's trade number (top-ups); null when there is none. */
  providerTradeNo: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/**
 * The receipt of one of the caller's paid top-ups or orders. `id` is the payment's or order's id,
 * or its number as the ledger shows it. Anything not the caller's, or not paid, is
 * `receiptNotFound`.
 */
export const getReceipt = defineEndpoint({
  method: 'GET',
  path: '/user/receipts/:kind/:id',
  summary: 'The receipt of a paid top-up or order of the caller',
  tag: 'receipts',
  access: 'user',
  scope: 'read',
  errors: ['receiptNotFound'],
  params: z.object({
    kind: receiptKindSchema,
    id: receiptSourceIdSchema,
  }),
  response: receiptSchema,
});
