// Balance adjustments: an operator's correction of a customer's wallet, with a reason, through
// the ledger (type `adjustment`). Above the approval threshold a second operator approves it.
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageSchemaOf, paginationQuerySchema } from '../pagination.ts';
import { singleLineTextSchema, yuanSchema } from '../validation.ts';
import { operatorReasonSchema } from './admin-customers.ts';

/** The largest adjustment one request asks for, either sign, in yuan. */
export const MAX_ADJUSTMENT_YUAN = 1_000_000;

export const balanceAdjustmentStatuses = ['pending', 'applied', 'rejected'] as const;
export const balanceAdjustmentStatusSchema = z.enum(balanceAdjustmentStatuses);
export type BalanceAdjustmentStatus = z.infer<typeof balanceAdjustmentStatusSchema>;

/** Signed yuan: positive credits, negative debits; never zero, at most two decimals. */
export const adjustmentAmountSchema = yuanSchema
  .min(-MAX_ADJUSTMENT_YUAN)
  .max(MAX_ADJUSTMENT_YUAN)
  .refine((amount) => amount !== 0, { message: 'moneyNonZero' });

export const balanceAdjustmentSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  customerEmail: z.string(),
  /** Signed yuan. */
  amount: z.number(),
  /** Why, as the operator wrote it; the customer reads it as the ledger row's note. */
  reason: z.string(),
  status: balanceAdjustmentStatusSchema,
  /** Who asked; null when that staff account is gone. */
  requestedById: z.string().nullable(),
  requestedByEmail: z.string().nullable(),
  /** Who approved or rejected it; null while pending and when applied at once. */
  decidedById: z.string().nullable(),
  decidedByEmail: z.string().nullable(),
  /** When it was applied or rejected; null while pending. */
  decidedAt: z.string().nullable(),
  /** The customer's balance in yuan right after it was applied; null unless applied. */
  balanceAfter: z.number().nullable(),
  createdAt: z.string(),
});
export type BalanceAdjustment = z.infer<typeof balanceAdjustmentSchema>;

export const createBalanceAdjustment = defineEndpoint({
  method: 'POST',
  path: '/admin/customers/:id/balance-adjustments',
  summary:
    'Adjust a balance with a reason: applied at once up to the approval threshold, else pending',
  tag: 'admin',
  access: 'staff',
  permission: 'balance.adjust',
  stepUp: true,
  errors: ['customerNotFound', 'adjustmentExceedsBalance'],
  params: z.object({ id: z.uuid() }),
  body: z.object({ amount: adjustmentAmountSchema, reason: operatorReasonSchema }),
  response: balanceAdjustmentSchema,
});

export const listBalanceAdjustments = defineEndpoint({
  method: 'GET',
  path: '/admin/balance-adjustments',
  summary: 'Balance adjustments: pending ones first (oldest first), then the rest newest first',
  tag: 'admin',
  access: 'staff',
  permission: 'balance.adjust',
  errors: [],
  query: paginationQuerySchema.extend({
    status: balanceAdjustmentStatusSchema.optional(),
    /** A customer id, or part of a customer's email. */
    customer: singleLineTextSchema({ max: 100 }).optional(),
  }),
  response: pageSchemaOf(balanceAdjustmentSchema),
});

const adjustmentParams = z.object({ id: z.uuid() });

export const approveBalanceAdjustment = defineEndpoint({
  method: 'POST',
  path: '/admin/balance-adjustments/:id/approve',
  summary: "Approve another operator's pending adjustment: it applies now, exactly once",
  tag: 'admin',
  access: 'staff',
  permission: 'balance.approve',
  stepUp: true,
  errors: [
    'customerNotFound',
    'adjustmentExceedsBalance',
    'adjustmentNotFound',
    'adjustmentNotPending',
    'adjustmentOwnRequest',
  ],
  params: adjustmentParams,
  response: balanceAdjustmentSchema,
});

export const rejectBalanceAdjustment = defineEndpoint({
  method: 'POST',
  path: '/admin/balance-adjustments/:id/reject',
  summary: "Reject another operator's pending adjustment; nothing moves",
  tag: 'admin',
  access: 'staff',
  permission: 'balance.approve',
  errors: ['adjustmentNotFound', 'adjustmentNotPending', 'adjustmentOwnRequest'],
  params: adjustmentParams,
  body: z.object({ reason: singleLineTextSchema({ max: 200 }).optional() }),
  response: balanceAdjustmentSchema,
});
