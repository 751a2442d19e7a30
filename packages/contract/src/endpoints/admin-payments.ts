import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { CURRENCY } from '../money.ts';
import { pageSchemaOf, paginationQuerySchema } from '../pagination.ts';
import { singleLineTextSchema } from '../validation.ts';
import { ledgerEntrySchema, paymentChannelSchema, paymentStatusSchema } from './wallet.ts';

/**
 * What we made of a payment-provider notification (Alipay's asynchronous notify, or the sandbox
 * cashier's confirm), one per branch of the handler:
 * - `credited`: it credited the payment (this notification did, exactly once);
 * - `already-paid`: verified, but an earlier notification, sync or operator had credited it;
 * - `not-final`: verified, the trade is not paid yet or closed (`WAIT_BUYER_PAY`, `TRADE_CLOSED`):
 *   acknowledged, nothing changes;
 * - `not-pending`: a sandbox confirm of a payment already closed or expired;
 * - `amount-mismatch`: verified, but another amount or currency than the payment's;
 * - `unreadable-amount`: verified, but its amount is not a yuan amount;
 * - `unknown-payment`: its order number names no payment of ours on this channel;
 * - `bad-signature`: the signature does not verify (forged, or another key);
 * - `app-id-mismatch`: signed, but for another Alipay app;
 * - `seller-mismatch`: signed, but paid to another seller;
 * - `seller-unconfirmed`: our seller is not known yet and the trade query did not confirm it;
 * - `merchant-mismatch`: signed, but for another WeChat Pay merchant (`mchid`);
 * - `stale-timestamp`: its signed timestamp is more than 5 minutes off our clock (a replay);
 * - `undecryptable`: signed, but its encrypted resource does not decrypt with our APIv3 key;
 * - `not-configured`: the channel is not switched on here, nothing could be checked;
 * - `internal-error`: handling it failed on our side (the provider got an HTTP 500 and retries).
 */
export const paymentNotificationOutcomes = [
  'credited',
  'already-paid',
  'not-final',
  'not-pending',
  'amount-mismatch',
  'unreadable-amount',
  'unknown-payment',
  'bad-signature',
  'app-id-mismatch',
  'seller-mismatch',
  'seller-unconfirmed',
  'merchant-mismatch',
  'stale-timestamp',
  'undecryptable',
  'not-configured',
  'internal-error',
] as const;
export const paymentNotificationOutcomeSchema = z.enum(paymentNotificationOutcomes);
export type PaymentNotificationOutcome = z.infer<typeof paymentNotificationOutcomeSchema>;

/** A payment as operators see it in the list and the detail. */
export const adminPaymentSchema = z.object({
  /** The payment's id: also the merchant order number sent to the provider (`out_trade_no`). */
  id: z.string(),
  /** The readable payment number (`TP…`) customers see and quote. */
  paymentNo: z.string(),
  customerId: z.string(),
  customerEmail: z.string(),
  channel: paymentChannelSchema,
  /** Yuan. */
  amount: z.number(),
  currency: z.literal(CURRENCY),
  status: paymentStatusSchema,
  /** The provider's trade number, known once paid (or given by the operator who marked it paid). */
  providerTradeNo: z.string().nullable(),
  /** ISO 8601 times. */
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  /** When we closed it; kept when the provider reported it paid afterwards. */
  closedAt: z.string().nullable(),
  /** How many provider notifications name this payment, verified or not. */
  notificationCount: z.number().int().min(0),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

/** One notification received about a payment, as it came and as we answered it. */
export const paymentNotificationSchema = z.object({
  id: z.number().int(),
  channel: paymentChannelSchema,
  /** Our order number as the provider sent it. */
  outTradeNo: z.string().nullable(),
  providerTradeNo: z.string().nullable(),
  /** The provider's trade status as sent (`TRADE_SUCCESS`…). */
  tradeStatus: z.string().nullable(),
  /** The amount it reported, in yuan; null when it carried none we could read. */
  amount: z.number().nullable(),
  /** The signature checked out (a sandbox confirm: the payment's own customer confirmed it). */
  verified: z.boolean(),
  outcome: paymentNotificationOutcomeSchema,
  /** What we answered the provider (`success` / `failure`, `http-500`). */
  reply: z.string(),
  /** ISO 8601 time. */
  receivedAt: z.string(),
});
export type PaymentNotification = z.infer<typeof paymentNotificationSchema>;

/** A calendar day in China Standard Time, `YYYY-MM-DD`. */
const chinaDaySchema = z.iso.date();

export const listAdminPayments = defineEndpoint({
  method: 'GET',
  path: '/admin/payments',
  summary: 'List payments, newest first, with how many notifications each received',
  tag: 'admin',
  access: 'staff',
  permission: 'payments.read',
  errors: [],
  query: paginationQuerySchema.extend({
    status: paymentStatusSchema.optional(),
    channel: paymentChannelSchema.optional(),
    /** The customer's id, or part of their email (case-insensitive). */
    customer: singleLineTextSchema({ min: 1, max: 254 }).optional(),
    /** The provider's trade number, our payment number (`TP…`) or the payment id, exactly. */
    tradeNo: singleLineTextSchema({ min: 1, max: 64 }).optional(),
    /** Created on or after this day (China Standard Time). */
    from: chinaDaySchema.optional(),
    /** Created on or before this day (China Standard Time). */
    to: chinaDaySchema.optional(),
  }),
  response: pageSchemaOf(adminPaymentSchema),
});

const paymentIdParamsSchema = z.object({ id: z.uuid() });

export const adminPaymentDetailSchema = z.object({
  payment: adminPaymentSchema,
  /** Every notification naming the payment, oldest first. */
  notifications: z.array(paymentNotificationSchema),
  /** The ledger top-up the payment produced, once credited. */
  ledgerEntry: ledgerEntrySchema.nullable(),
});
export type AdminPaymentDetail = z.infer<typeof adminPaymentDetailSchema>;

export const getAdminPayment = defineEndpoint({
  method: 'GET',
  path: '/admin/payments/:id',
  summary: 'One payment with its notification history and the ledger top-up it produced',
  tag: 'admin',
  access: 'staff',
  permission: 'payments.read',
  errors: ['paymentNotFound'],
  params: paymentIdParamsSchema,
  response: adminPaymentDetailSchema,
});

/** What the provider's trade query said about a payment. */
export const providerTradeSchema = z.object({
  state: z.enum(['paid', 'unpaid', 'closed']),
  tradeNo: z.string().nullable(),
  /** The paid amount in yuan, when paid. */
  amount: z.number().nullable(),
  /** ISO 8601 time the buyer paid, by the provider's clock. */
  paidAt: z.string().nullable(),
});
export type ProviderTrade = z.infer<typeof providerTradeSchema>;

export const syncAdminPayment = defineEndpoint({
  method: 'POST',
  path: '/admin/payments/:id/sync',
  summary: 'Ask the provider about a payment (trade query) and credit it if paid there',
  tag: 'admin',
  access: 'staff',
  permission: 'payments.manage',
  errors: [
    'paymentNotFound',
    'paymentAmountMismatch',
    'paymentTradeNoTaken',
    'paymentSyncSandbox',
    'paymentSyncChannelOff',
    'paymentProviderQueryFailed',
  ],
  params: paymentIdParamsSchema,
  response: z.object({
    payment: adminPaymentSchema,
    provider: providerTradeSchema,
    /** Whether this sync credited the payment (false when unpaid there or credited before). */
    credited: z.boolean(),
  }),
});

/** The longest provider trade number an operator may give. */
export const MARK_PAID_TRADE_NO_MAX = 64;
/** The longest note of a mark-paid. */
export const MARK_PAID_NOTE_MAX = 200;

export const markAdminPaymentPaid = defineEndpoint({
  method: 'POST',
  path: '/admin/payments/:id/mark-paid',
  summary: 'Credit a payment confirmed outside the system, with the trade number and a note',
  tag: 'admin',
  access: 'staff',
  permission: 'payments.manage',
  stepUp: true,
  errors: ['paymentNotFound', 'paymentAlreadyPaid', 'paymentTradeNoTaken'],
  params: paymentIdParamsSchema,
  body: z.object({
    /** The provider's trade number the operator checked the payment under. */
    tradeNo: singleLineTextSchema({ min: 1, max: MARK_PAID_TRADE_NO_MAX }),
    /** Why and on what evidence; the audit entry's reason. */
    note: singleLineTextSchema({ min: 1, max: MARK_PAID_NOTE_MAX }),
  }),
  response: z.object({ payment: adminPaymentSchema }),
});

/** The longest range one reconciliation covers, in days. */
export const RECONCILIATION_MAX_DAYS = 92;
/** The range when none is given: the last 30 days, today included. */
export const RECONCILIATION_DEFAULT_DAYS = 30;

const reconciliationFiguresSchema = z.object({
  /** Payments paid that day (by `paid_at`). */
  paidCount: z.number().int().min(0),
  /** Yuan. */
  paidAmount: z.number(),
  /** Ledger `topup` rows written that day (by `created_at`). */
  ledgerCount: z.number().int().min(0),
  /** Yuan. */
  ledgerAmount: z.number(),
  /** paidAmount − ledgerAmount, yuan. */
  difference: z.number(),
  /** Counts and sums agree. */
  matched: z.boolean(),
});

export const reconciliationRowSchema = reconciliationFiguresSchema.extend({
  /** `YYYY-MM-DD`, China Standard Time. */
  day: z.string(),
  /**
   * The channel: of the payment, and for a ledger row the one its note names (else that of the
   * payment it references); null for a ledger top-up that names no channel at all.
   */
  channel: paymentChannelSchema.nullable(),
});
export type ReconciliationRow = z.infer<typeof reconciliationRowSchema>;

export const getReconciliation = defineEndpoint({
  method: 'GET',
  path: '/admin/reconciliation',
  summary: 'Per day and channel: paid payments against ledger top-ups, and the difference',
  tag: 'admin',
  access: 'staff',
  permission: 'payments.read',
  errors: ['reconciliationRangeReversed', 'reconciliationRangeTooLong'],
  query: z.object({
    /** First day (China Standard Time); default 29 days before `to`. */
    from: chinaDaySchema.optional(),
    /** Last day, included; default today. At most 92 days from `from`. */
    to: chinaDaySchema.optional(),
  }),
  response: z.object({
    from: z.string(),
    to: z.string(),
    /** Days and channels with a payment or a ledger top-up, oldest first. */
    rows: z.array(reconciliationRowSchema),
    totals: reconciliationFiguresSchema,
  }),
});
export type Reconciliation = z.infer<(typeof getReconciliation)['response']>;
