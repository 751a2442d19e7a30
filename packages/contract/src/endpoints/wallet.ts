import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { CURRENCY } from '../money.ts';
import { pageSchemaOf, paginationQuerySchema } from '../pagination.ts';
import { yuanSchema } from '../validation.ts';
import { lineTypeSchema } from './catalog.ts';

export const walletSchema = z.object({
  /** Balance in yuan, at most two decimals. */
  balance: z.number(),
  currency: z.literal(CURRENCY),
});
export type Wallet = z.infer<typeof walletSchema>;

export const getWallet = defineEndpoint({
  method: 'GET',
  path: '/user/wallet',
  summary: "The signed-in user's wallet",
  tag: 'wallet',
  access: 'user',
  errors: ['resourceNotFound'],
  response: z.object({ wallet: walletSchema }),
});

/** Kinds of balance change; every ledger row has one. */
export const ledgerEntryTypes = [
  'topup',
  'static_ip_purchase',
  'renewal',
  'traffic_purchase',
  'refund',
  'adjustment',
] as const;
export const ledgerEntryTypeSchema = z.enum(ledgerEntryTypes);
export type LedgerEntryType = z.infer<typeof ledgerEntryTypeSchema>;

/** One row of the ledger (账单流水). */
/**
 * What a static-IP purchase or a renewal bought, read from its order (the ledger row's reference):
 * the region's names as the order recorded them, the line, how many IPs for how long, and for a
 * renewal the IPs it renewed.
 */
export const ledgerPurchaseSchema = z.object({
  countryNameZh: z.string(),
  countryNameEn: z.string(),
  cityNameZh: z.string(),
  cityNameEn: z.string(),
  lineType: lineTypeSchema,
  quantity: z.number().int(),
  durationDays: z.number().int(),
  /** The renewed IPs, in address order; empty for a purchase. */
  ips: z.array(z.string()),
});
export type LedgerPurchase = z.infer<typeof ledgerPurchaseSchema>;

export const ledgerEntrySchema = z.object({
  id: z.string(),
  type: ledgerEntryTypeSchema,
  /** Signed yuan amount: positive credits, negative debits. */
  amount: z.number(),
  /** Balance in yuan right after this change. */
  balanceAfter: z.number(),
  /** What caused it: a top-up's payment number (`TP…`), an order number…; null when nothing does. */
  reference: z.string().nullable(),
  /**
   * A code the server wrote (`alipay:credited-after-close`, `auto-renew`, `traffic:10x2:30d`),
   * worded by `describeLedgerNote` from the message catalogue, or free text shown as written.
   */
  note: z.string(),
  /** What the debit bought (static-IP purchases and renewals); null for every other row. */
  purchase: ledgerPurchaseSchema.nullable(),
  /** ISO 8601 time of the change. */
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** `YYYY-MM-DD` (a whole day in China Standard Time) or a full ISO 8601 time. */
export const dateBoundSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export const listTransactions = defineEndpoint({
  method: 'GET',
  path: '/user/wallet/transactions',
  summary: 'Ledger of the wallet, newest first; format=csv downloads it as a UTF-8 CSV file',
  tag: 'wallet',
  access: 'user',
  errors: [],
  query: paginationQuerySchema.extend({
    type: ledgerEntryTypeSchema.optional(),
    /** Inclusive lower bound. */
    from: dateBoundSchema.optional(),
    /** Inclusive upper bound (a date means the end of that day). */
    to: dateBoundSchema.optional(),
    /** `csv` answers a file (all matching rows, no paging) instead of the envelope. */
    format: z.enum(['json', 'csv']).default('json'),
  }),
  response: pageSchemaOf(ledgerEntrySchema),
});

/** Payment channels the product knows; each may be switched off by configuration. */
export const paymentChannels = ['sandbox', 'alipay', 'wechat'] as const;
export const paymentChannelSchema = z.enum(paymentChannels);
export type PaymentChannel = z.infer<typeof paymentChannelSchema>;

/** The mark a top-up's ledger note carries when the payment had been closed before it was paid. */
const CREDITED_AFTER_CLOSE = 'credited-after-close';

/**
 * A top-up's ledger note is a code the web app words from its catalogue: the channel id
 * (`alipay`), or `alipay:credited-after-close` for a payment the provider verifiably took money
 * for after it had been cancelled or had expired here, and which was credited all the same.
 */
export function formatTopUpNote(channel: PaymentChannel, creditedAfterClose: boolean): string {
  return creditedAfterClose ? `${channel}:${CREDITED_AFTER_CLOSE}` : channel;
}

/** Reads a note `formatTopUpNote` wrote; undefined for any other text. */
export function parseTopUpNote(
  note: string,
): { channel: PaymentChannel; creditedAfterClose: boolean } | undefined {
  const [channel = '', mark, ...rest] = note.split(':');
  const known = paymentChannelSchema.safeParse(channel);
  if (!known.success || rest.length > 0) return undefined;
  if (mark !== undefined && mark !== CREDITED_AFTER_CLOSE) return undefined;
  return { channel: known.data, creditedAfterClose: mark !== undefined };
}

export const paymentStatuses = ['pending', 'paid', 'closed'] as const;
export const paymentStatusSchema = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** Default top-up limits in yuan; the server may be configured otherwise and says so in the options. */
export const TOPUP_MIN_YUAN = 1;
export const TOPUP_MAX_YUAN = 50_000;

export const topUpOptionsSchema = z.object({
  /** Channels switched on here, in display order. */
  channels: z.array(paymentChannelSchema),
  minAmount: z.number(),
  maxAmount: z.number(),
  /** Preset amounts in yuan. */
  presets: z.array(z.number()),
});
export type TopUpOptions = z.infer<typeof topUpOptionsSchema>;

export const getTopUpOptions = defineEndpoint({
  method: 'GET',
  path: '/user/wallet/topup-options',
  summary: 'Channels, limits and preset amounts for a top-up',
  tag: 'wallet',
  access: 'user',
  errors: [],
  response: topUpOptionsSchema,
});

export const createTopUp = defineEndpoint({
  method: 'POST',
  path: '/user/wallet/topup',
  summary: 'Start a top-up: creates a pending payment and answers where to pay it',
  tag: 'wallet',
  access: 'user',
  scope: 'purchase',
  errors: [
    'emailNotVerified',
    'topUpAmountOutOfRange',
    'paymentChannelDisabled',
    'paymentProviderStartFailed',
  ],
  body: z.object({
    /** Yuan, at most two decimals, within the configured limits (¥1–¥50 000 by default). */
    amount: yuanSchema,
    channel: paymentChannelSchema,
  }),
  response: z.object({
    paymentId: z.string(),
    /** The readable payment number (`TP…`) the customer sees. */
    paymentNo: z.string(),
    /** Where the browser goes to pay: the channel's cashier page. */
    payUrl: z.string(),
    /** WeChat Pay's `code_url` (the QR code's text) for a WeChat payment; null otherwise. */
    codeUrl: z.string().nullable(),
    /** ISO 8601 time after which the payment closes unpaid. */
    expiresAt: z.string(),
  }),
});

export const paymentSchema = z.object({
  /** Also the merchant order number sent to the provider (Alipay's `out_trade_no`). */
  id: z.string(),
  /** The readable payment number (`TP` + day + 10 digits) shown to people. */
  paymentNo: z.string(),
  channel: paymentChannelSchema,
  /** Yuan. */
  amount: z.number(),
  currency: z.literal(CURRENCY),
  status: paymentStatusSchema,
  /** Where to pay while pending. */
  payUrl: z.string(),
  /**
   * WeChat Pay's `code_url` while a WeChat payment is pending: the text of the QR code the buyer
   * scans in WeChat. Null for other channels and once the payment is settled.
   */
  codeUrl: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  /** Wallet balance in yuan right after this payment was credited; null until paid. */
  balanceAfter: z.number().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const getTopUp = defineEndpoint({
  method: 'GET',
  path: '/user/wallet/topups/:id',
  summary: "One of the caller's top-up payments and its status",
  tag: 'wallet',
  access: 'user',
  errors: ['paymentNotFound'],
  params: z.object({ id: z.uuid() }),
  response: paymentSchema,
});

export const getOpenTopUp = defineEndpoint({
  method: 'GET',
  path: '/user/wallet/topups/open',
  summary:
    "The caller's newest top-up still open to pay (pending, not expired), to resume or cancel",
  tag: 'wallet',
  access: 'user',
  errors: [],
  response: z.object({ payment: paymentSchema.nullable() }),
});

export const cancelTopUp = defineEndpoint({
  method: 'POST',
  path: '/user/wallet/topups/:id/cancel',
  summary: 'Close a pending top-up the caller no longer wants to pay',
  tag: 'wallet',
  access: 'user',
  scope: 'purchase',
  errors: ['paymentNotFound', 'paymentNotPending', 'paymentProviderUnavailable'],
  params: z.object({ id: z.uuid() }),
  response: paymentSchema,
});

export const completeSandboxPayment = defineEndpoint({
  method: 'POST',
  path: '/payments/sandbox/:paymentId/complete',
  summary: "The sandbox cashier's confirm: pays the payment through the verified crediting path",
  tag: 'payments',
  access: 'user',
  scope: 'purchase',
  errors: ['paymentChannelDisabled', 'paymentNotFound', 'paymentNotPending'],
  params: z.object({ paymentId: z.uuid() }),
  response: paymentSchema,
});
