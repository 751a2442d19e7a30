// The operator console's orders: every customer's orders, refunds to the wallet, and the static
// IPs whose automatic renewal failed.
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageSchemaOf, paginationQuerySchema } from '../pagination.ts';
import { singleLineTextSchema, yuanSchema } from '../validation.ts';
import { instanceStatusSchema } from './instances.ts';
import { orderSchema, orderStatusSchema, orderTypeSchema } from './orders.ts';
import { idempotencyHeadersSchema } from './checkout.ts';
import { dateBoundSchema } from './wallet.ts';

/** A customer's order as operators see it: whose it is and how much of it went back. */
export const adminOrderSchema = orderSchema.extend({
  customerId: z.string(),
  customerEmail: z.string(),
  /** Yuan refunded to the wallet so far, across all refunds of the order. */
  refunded: z.number(),
  /** Yuan that may still be refunded: total − refunded. */
  refundable: z.number(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** One refund of an order. */
export const orderRefundSchema = z.object({
  id: z.string(),
  /** Yuan given back to the wallet. */
  amount: z.number(),
  reason: z.string(),
  /** It gave back the whole rest of the order, and ended what the order delivered. */
  full: z.boolean(),
  /** The operator who refunded; null once that account is gone. */
  staffEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/** An instance an order created or renewed, with the address it serves on. */
export const adminOrderInstanceSchema = z.object({
  id: z.string(),
  ip: z.string(),
  status: instanceStatusSchema,
  expiresAt: z.string(),
});

/** One order with everything about it: lines, instances, refunds and the customer. */
export const adminOrderDetailSchema = adminOrderSchema.extend({
  instances: z.array(adminOrderInstanceSchema),
  /** Oldest first. */
  refunds: z.array(orderRefundSchema),
  customer: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    /** ISO 8601 time the account was disabled; null while active. */
    disabledAt: z.string().nullable(),
  }),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const listAdminOrders = defineEndpoint({
  method: 'GET',
  path: '/admin/orders',
  summary: "Every customer's orders, newest first, with what was refunded",
  tag: 'admin',
  access: 'staff',
  permission: 'orders.read',
  errors: [],
  query: paginationQuerySchema.extend({
    type: orderTypeSchema.optional(),
    status: orderStatusSchema.optional(),
    /** Part of the customer's email (case-insensitive), or the customer's exact user id. */
    customer: singleLineTextSchema({ max: 254 }).optional(),
    /** Part of the order number, case-insensitive. */
    orderNo: singleLineTextSchema({ max: 64 }).optional(),
    /** Inclusive lower bound: `YYYY-MM-DD` (from the start of that day in China time) or ISO. */
    from: dateBoundSchema.optional(),
    /** Inclusive upper bound: `YYYY-MM-DD` (to the end of that day in China time) or ISO. */
    to: dateBoundSchema.optional(),
  }),
  response: pageSchemaOf(adminOrderSchema),
});

const orderIdParams = z.object({ id: z.uuid() });

export const getAdminOrder = defineEndpoint({
  method: 'GET',
  path: '/admin/orders/:id',
  summary: 'One order with its lines, instances (IP, status, expiry), refunds and customer',
  tag: 'admin',
  access: 'staff',
  permission: 'orders.read',
  errors: ['orderNotFound'],
  params: orderIdParams,
  response: adminOrderDetailSchema,
});

/** The longest reason an operator may give for a refund. */
export const REFUND_REASON_MAX_LENGTH = 500;

export const refundOrderBodySchema = z.object({
  /**
   * Yuan to give back (> 0, at most two decimals). Left out: everything not yet refunded. Never
   * more than total − refunded.
   */
  amount: yuanSchema.min(0.01).optional(),
  /** Why; the customer reads it as the ledger row's note. */
  reason: singleLineTextSchema({ min: 1, max: REFUND_REASON_MAX_LENGTH }),
});

/**
 * Refund an order to the customer's wallet, in ONE transaction with its ledger row (type
 * `refund`, the order number as reference, the reason as note) and its audit entry.
 *
 * - Never more than total − refunded across all refunds of the order; a zero-total order cannot
 *   be refunded.
 * - A refund that leaves nothing refundable is FULL (amount left out, or the whole rest named):
 *   a `static_ip` order's instances end at once (expired, their IPs cool down and then return to
 *   the pool; the gateway drops them at its next poll), a `traffic` order's package ends (no more
 *   draw-down), a `renewal` order takes back the days it added (each renewed instance's expiry
 *   moves back by the renewed duration, not earlier than now). A partial refund moves money only.
 * - `Idempotency-Key` (per order): the same key and request answers the first refund; the same
 *   key with another request is refused.
 */
export const refundOrder = defineEndpoint({
  method: 'POST',
  path: '/admin/orders/:id/refund',
  summary:
    'Refund an order to the wallet, fully or partly (a full refund also ends its IPs, package or renewed days)',
  tag: 'admin',
  access: 'staff',
  permission: 'orders.refund',
  stepUp: true,
  errors: [
    'idempotencyKeyReused',
    'orderNotFound',
    'orderNotRefundable',
    'orderAlreadyRefunded',
    'refundExceedsRefundable',
  ],
  params: orderIdParams,
  headers: idempotencyHeadersSchema,
  body: refundOrderBodySchema,
  response: z.object({ refund: orderRefundSchema, order: adminOrderDetailSchema }),
});

/** A static IP whose last automatic renewal failed, for operators to follow up. */
export const renewalFailureSchema = z.object({
  instanceId: z.string(),
  customerId: z.string(),
  customerEmail: z.string(),
  ip: z.string(),
  status: instanceStatusSchema,
  autoRenew: z.boolean(),
  expiresAt: z.string(),
  /** Why it failed: an error kind such as `insufficientBalance`. */
  warning: z.string(),
});
export type RenewalFailure = z.infer<typeof renewalFailureSchema>;

export const listRenewalFailures = defineEndpoint({
  method: 'GET',
  path: '/admin/renewal-failures',
  summary: 'Static IPs whose last automatic renewal failed: live ones first, soonest expiry first',
  tag: 'admin',
  access: 'staff',
  permission: 'orders.read',
  errors: [],
  query: paginationQuerySchema,
  response: pageSchemaOf(renewalFailureSchema),
});
