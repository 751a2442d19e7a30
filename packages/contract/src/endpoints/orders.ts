import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageSchemaOf, paginationQuerySchema } from '../pagination.ts';
import { int4Schema } from '../validation.ts';
import { lineTypeSchema, MAX_DURATION_DAYS } from './catalog.ts';
import { idempotencyHeadersSchema } from './checkout.ts';
import { instanceSchema } from './instances.ts';

/**
 * What an order bought. A `replacement` costs nothing: it records that a static IP moved to
 * another address of its plan, so the move shows in the order history.
 */
export const orderTypes = ['static_ip', 'renewal', 'traffic', 'replacement'] as const;
export const orderTypeSchema = z.enum(orderTypes);
export type OrderType = z.infer<typeof orderTypeSchema>;

/** `partially_refunded` once some of the total went back to the wallet, `refunded` once all of it. */
export const orderStatuses = ['paid', 'partially_refunded', 'refunded'] as const;
export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** What one order line is: a static IP (bought or renewed) or a traffic package. */
export const orderItemKinds = ['static_ip', 'traffic'] as const;

/**
 * An order line. Static-IP and renewal lines name a region and line type; traffic lines carry
 * `trafficGb` instead (and null region fields).
 */
export const orderItemSchema = z.object({
  kind: z.enum(orderItemKinds),
  /** Plan bought or instance renewed. */
  planId: z.string().nullable(),
  instanceId: z.string().nullable(),
  country: z.string().nullable(),
  countryName: z.string().nullable(),
  city: z.string().nullable(),
  lineType: lineTypeSchema.nullable(),
  /** GB per package of a traffic line; null for static IPs. */
  trafficGb: z.number().int().nullable(),
  /** Duration bought, or a traffic package's validity. */
  durationDays: z.number().int(),
  quantity: z.number().int(),
  /** Yuan per IP or per package. */
  unitPrice: z.number(),
  /** Yuan for the line. */
  amount: z.number(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** An instance an order created or renewed, as people recognise it: by its IP and port. */
export const orderInstanceSchema = z.object({
  id: z.string(),
  ip: z.string(),
  /** HTTP and SOCKS5 port. */
  port: z.number().int(),
});
export type OrderInstance = z.infer<typeof orderInstanceSchema>;

export const orderSchema = z.object({
  id: z.string(),
  /** Human-readable order number shown to customers and in the ledger. */
  orderNo: z.string(),
  type: orderTypeSchema,
  status: orderStatusSchema,
  /** Yuan paid. */
  total: z.number(),
  items: z.array(orderItemSchema),
  /** Ids of the instances the order created or renewed (those of `instances`, in order). */
  instanceIds: z.array(z.string()),
  /** The instances the order created or renewed, with their IP and port. */
  instances: z.array(orderInstanceSchema),
  createdAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/** Days bought or renewed: one of the plan's durations, never beyond `MAX_DURATION_DAYS`. */
export const durationDaysSchema = int4Schema(1, MAX_DURATION_DAYS);

/** IPs (or traffic packages) in one purchase. */
export const MAX_PURCHASE_QUANTITY = 100;

export const staticIpPurchaseSchema = z.object({
  planId: z.uuid(),
  durationDays: durationDaysSchema,
  quantity: int4Schema(1, MAX_PURCHASE_QUANTITY),
  autoRenew: z.boolean().default(false),
});

export const quoteSchema = z.object({
  unitPrice: z.number(),
  quantity: z.number().int(),
  durationDays: z.number().int(),
  total: z.number(),
  /** The caller's balance now, and whether it covers the total. */
  balance: z.number(),
  sufficientBalance: z.boolean(),
  stock: z.number().int(),
  sufficientStock: z.boolean(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const quoteStaticIpOrder = defineEndpoint({
  method: 'POST',
  path: '/orders/static-ip/quote',
  summary: 'Price a static-IP purchase without buying',
  tag: 'orders',
  access: 'user',
  scope: 'read',
  errors: ['planNotFound', 'durationNotOffered'],
  body: staticIpPurchaseSchema,
  response: quoteSchema,
});

/** Send an `Idempotency-Key` header: a repeat with the same key answers the first result. */
export const createStaticIpOrder = defineEndpoint({
  method: 'POST',
  path: '/orders/static-ip',
  summary: 'Buy static IPs: one transaction debits, orders, allocates and creates instances',
  tag: 'orders',
  access: 'user',
  scope: 'purchase',
  errors: [
    'emailNotVerified',
    'insufficientBalance',
    'planNotFound',
    'durationNotOffered',
    'insufficientStock',
    'idempotencyKeyReused',
  ],
  headers: idempotencyHeadersSchema,
  body: staticIpPurchaseSchema,
  response: z.object({ order: orderSchema, instances: z.array(instanceSchema) }),
});

export const listOrders = defineEndpoint({
  method: 'GET',
  path: '/orders',
  summary: "The caller's orders, newest first",
  tag: 'orders',
  access: 'user',
  errors: [],
  query: paginationQuerySchema.extend({
    type: orderTypeSchema.optional(),
    status: orderStatusSchema.optional(),
  }),
  response: pageSchemaOf(orderSchema),
});

export const getOrder = defineEndpoint({
  method: 'GET',
  path: '/orders/:id',
  summary: 'One of the caller’s orders',
  tag: 'orders',
  access: 'user',
  errors: ['orderNotFound'],
  params: z.object({ id: z.uuid() }),
  response: orderSchema,
});

const renewalBody = z.object({ durationDays: durationDaysSchema });

/** Send an `Idempotency-Key` header: a repeat with the same key answers the first renewal. */
export const renewInstance = defineEndpoint({
  method: 'POST',
  path: '/proxy/instances/:id/renew',
  summary: 'Renew one instance: from the later of now and its expiry',
  tag: 'instances',
  access: 'user',
  scope: 'purchase',
  errors: [
    'emailNotVerified',
    'insufficientBalance',
    'durationNotOffered',
    'idempotencyKeyReused',
    'instanceNotFound',
    'instanceNotRenewable',
  ],
  headers: idempotencyHeadersSchema,
  params: z.object({ id: z.uuid() }),
  body: renewalBody,
  response: z.object({ order: orderSchema, instances: z.array(instanceSchema) }),
});

/** Send an `Idempotency-Key` header: a repeat with the same key answers the first renewal. */
export const renewInstances = defineEndpoint({
  method: 'POST',
  path: '/proxy/instances/renew',
  summary: 'Renew several instances in one payment',
  tag: 'instances',
  access: 'user',
  scope: 'purchase',
  errors: [
    'emailNotVerified',
    'insufficientBalance',
    'durationNotOffered',
    'idempotencyKeyReused',
    'instanceNotFound',
    'instanceNotRenewable',
  ],
  headers: idempotencyHeadersSchema,
  body: renewalBody.extend({ ids: z.array(z.uuid()).min(1).max(100) }),
  response: z.object({ order: orderSchema, instances: z.array(instanceSchema) }),
});

export const quoteRenewal = defineEndpoint({
  method: 'POST',
  path: '/proxy/instances/renew/quote',
  summary: 'Price a renewal of one or several instances',
  tag: 'instances',
  access: 'user',
  scope: 'read',
  errors: ['durationNotOffered', 'instanceNotFound', 'instanceNotRenewable'],
  body: renewalBody.extend({ ids: z.array(z.uuid()).min(1).max(100) }),
  response: z.object({ total: z.number(), balance: z.number(), sufficientBalance: z.boolean() }),
});
