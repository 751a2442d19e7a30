// The operator console's customers: the search list, one customer's page with its tabs, and the
// actions support staff take (disable/enable, sign out everywhere, reset a proxy password).
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { locales } from '../locale.ts';
import { pageSchemaOf, paginationQuerySchema } from '../pagination.ts';
import { singleLineTextSchema } from '../validation.ts';
import { instanceSchema, instanceStatusSchema } from './instances.ts';
import { orderSchema, orderStatusSchema, orderTypeSchema } from './orders.ts';
import { trafficPackageSchema, trafficPackageStatusSchema } from './traffic.ts';
import {
  ledgerEntrySchema,
  ledgerEntryTypeSchema,
  paymentChannelSchema,
  paymentStatusSchema,
} from './wallet.ts';

export const customerStatuses = ['active', 'disabled'] as const;
export const customerStatusSchema = z.enum(customerStatuses);
export type CustomerStatus = z.infer<typeof customerStatusSchema>;

/** A customer as the list shows them, with the figures support asks about first. */
export const adminCustomerSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  status: customerStatusSchema,
  /** ISO 8601 time the account was disabled; null while active. */
  disabledAt: z.string().nullable(),
  /** Wallet balance in yuan. */
  balance: z.number(),
  /** Static IPs in service now (active and not past their expiry). */
  liveIps: z.number().int(),
  /** Bytes left over all traffic packages usable now. */
  trafficLeftBytes: z.number().int(),
  /** ISO 8601 time of sign-up. */
  createdAt: z.string(),
  /** ISO 8601 time of the latest sign-in (session opened); null if never. */
  lastSignInAt: z.string().nullable(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

/** One customer's page header: the list figures, the profile and the dynamic-proxy account. */
export const adminCustomerDetailSchema = adminCustomerSchema.extend({
  language: z.enum(locales),
  /** Dynamic-proxy account name; null until the customer first opened dynamic proxies. */
  dynamicAccount: z.string().nullable(),
  /**
   * Yuan: a balance adjustment of at most this (either sign) applies at once; a larger one waits
   * for a second operator's approval (`ADJUSTMENT_APPROVAL_THRESHOLD_YUAN`).
   */
  adjustmentApprovalThreshold: z.number(),
});
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetailSchema>;

const customerParams = z.object({ id: z.uuid() });

/** Why an operator acts on a customer: one line, recorded in the audit log. */
export const operatorReasonSchema = singleLineTextSchema({ min: 1, max: 200 });

export const listAdminCustomers = defineEndpoint({
  method: 'GET',
  path: '/admin/customers',
  summary:
    'Search customers (email, name, id, IP address, order number or payment number), newest first',
  tag: 'admin',
  access: 'staff',
  permission: 'customers.read',
  errors: [],
  query: paginationQuerySchema.extend({
    /**
     * Part of the email or name (case-insensitive, `%` and `_` taken literally), or exactly a
     * customer id, an IP address one of their static IPs had, one of their order numbers or one
     * of their payment numbers (`TP…`).
     */
    keyword: singleLineTextSchema({ max: 100 }).optional(),
    status: customerStatusSchema.optional(),
  }),
  response: pageSchemaOf(adminCustomerSchema),
});

export const getAdminCustomer = defineEndpoint({
  method: 'GET',
  path: '/admin/customers/:id',
  summary: "One customer's profile and figures",
  tag: 'admin',
  access: 'staff',
  permission: 'customers.read',
  errors: ['customerNotFound'],
  params: customerParams,
  response: adminCustomerDetailSchema,
});

export const listAdminCustomerLedger = defineEndpoint({
  method: 'GET',
  path: '/admin/customers/:id/ledger',
  summary: "A customer's wallet ledger (账单流水), newest first",
  tag: 'admin',
  access: 'staff',
  permission: 'customers.read',
  errors: ['customerNotFound'],
  params: customerParams,
  query: paginationQuerySchema.extend({ type: ledgerEntryTypeSchema.optional() }),
  response: pageSchemaOf(ledgerEntrySchema),
});

/** A customer's top-up payment as operators see it. */
export const adminCustomerPaymentSchema = z.object({
  id: z.string(),
  /** The readable payment number (`TP…`). */
  paymentNo: z.string(),
  channel: paymentChannelSchema,
  /** Yuan. */
  amount: z.number(),
  status: paymentStatusSchema,
  /** The provider's trade number, once paid. */
  providerTradeNo: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type AdminCustomerPayment = z.infer<typeof adminCustomerPaymentSchema>;

export const listAdminCustomerPayments = defineEndpoint({
  method: 'GET',
  path: '/admin/customers/:id/payments',
  summary: "A customer's top-up payments, newest first",
  tag: 'admin',
  access: 'staff',
  permission: 'payments.read',
  errors: ['customerNotFound'],
  params: customerParams,
  query: paginationQuerySchema.extend({ status: paymentStatusSchema.optional() }),
  response: pageSchemaOf(adminCustomerPaymentSchema),
});

export const listAdminCustomerOrders = defineEndpoint({
  method: 'GET',
  path: '/admin/customers/:id/orders',
  summary: "A customer's orders, newest first",
  tag: 'admin',
  access: 'staff',
  permission: 'orders.read',
  errors: ['customerNotFound'],
  params: customerParams,
  query: paginationQuerySchema.extend({
    type: orderTypeSchema.optional(),
    status: orderStatusSchema.optional(),
  }),
  response: pageSchemaOf(orderSchema),
});

/** A customer's static IP as operators see it: no proxy credentials. */
export const adminCustomerInstanceSchema = instanceSchema.pick({
  id: true,
  ip: true,
  port: true,
  vmessPort: true,
  protocols: true,
  country: true,
  countryName: true,
  city: true,
  lineType: true,
  remark: true,
  status: true,
  autoRenew: true,
  renewalWarning: true,
  createdAt: true,
  expiresAt: true,
});
export type AdminCustomerInstance = z.infer<typeof adminCustomerInstanceSchema>;

export const listAdminCustomerInstances = defineEndpoint({
  method: 'GET',
  path: '/admin/customers/:id/instances',
  summary: "A customer's static IPs, soonest expiry first",
  tag: 'admin',
  access: 'staff',
  permission: 'customers.read',
  errors: ['customerNotFound'],
  params: customerParams,
  query: paginationQuerySchema.extend({ status: instanceStatusSchema.optional() }),
  response: pageSchemaOf(adminCustomerInstanceSchema),
});

export const listAdminCustomerTrafficPackages = defineEndpoint({
  method: 'GET',
  path: '/admin/customers/:id/traffic-packages',
  summary: "A customer's traffic packages: active ones by soonest expiry, then the rest",
  tag: 'admin',
  access: 'staff',
  permission: 'customers.read',
  errors: ['customerNotFound'],
  params: customerParams,
  query: paginationQuerySchema.extend({ status: trafficPackageStatusSchema.optional() }),
  response: pageSchemaOf(trafficPackageSchema),
});

export const customerSessionStatuses = ['active', 'revoked', 'expired'] as const;
export const customerSessionStatusSchema = z.enum(customerSessionStatuses);
export type CustomerSessionStatus = z.infer<typeof customerSessionStatusSchema>;

/** A sign-in session of a customer; the token itself is never stored, let alone shown. */
export const adminCustomerSessionSchema = z.object({
  id: z.string(),
  /** `expired` also covers a session idle for longer than the idle timeout. */
  status: customerSessionStatusSchema,
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  /** Client address at sign-in. */
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AdminCustomerSession = z.infer<typeof adminCustomerSessionSchema>;

export const listAdminCustomerSessions = defineEndpoint({
  method: 'GET',
  path: '/admin/customers/:id/sessions',
  summary: "A customer's sign-in sessions, newest first",
  tag: 'admin',
  access: 'staff',
  permission: 'customers.read',
  errors: ['customerNotFound'],
  params: customerParams,
  query: paginationQuerySchema,
  response: pageSchemaOf(adminCustomerSessionSchema),
});

export const disableAdminCustomer = defineEndpoint({
  method: 'POST',
  path: '/admin/customers/:id/disable',
  summary:
    'Disable a customer: sessions and API token stop at once, proxies leave the gateway snapshot',
  tag: 'admin',
  access: 'staff',
  permission: 'customers.manage',
  errors: ['customerNotFound', 'customerAlreadyDisabled'],
  params: customerParams,
  body: z.object({ reason: operatorReasonSchema }),
  response: adminCustomerDetailSchema,
});

export const enableAdminCustomer = defineEndpoint({
  method: 'POST',
  path: '/admin/customers/:id/enable',
  summary: 'Enable a disabled customer again',
  tag: 'admin',
  access: 'staff',
  permission: 'customers.manage',
  errors: ['customerNotFound', 'customerNotDisabled'],
  params: customerParams,
  body: z.object({ reason: singleLineTextSchema({ max: 200 }).optional() }),
  response: adminCustomerDetailSchema,
});

export const signOutAdminCustomer = defineEndpoint({
  method: 'POST',
  path: '/admin/customers/:id/sign-out',
  summary: "End every sign-in session of a customer (the API token stays; it is the customer's)",
  tag: 'admin',
  access: 'staff',
  permission: 'customers.manage',
  errors: ['customerNotFound'],
  params: customerParams,
  body: z.object({ reason: singleLineTextSchema({ max: 200 }).optional() }),
  response: z.object({
    /** Live sessions that were ended. */
    revokedSessions: z.number().int(),
  }),
});

export const resetAdminCustomerProxyPassword = defineEndpoint({
  method: 'POST',
  path: '/admin/customers/:id/instances/:instanceId/reset-password',
  summary: "Give one of a customer's static IPs a new proxy password (the customer sees it)",
  tag: 'admin',
  access: 'staff',
  permission: 'customers.manage',
  errors: ['instanceNotFound', 'customerNotFound'],
  params: z.object({ id: z.uuid(), instanceId: z.uuid() }),
  response: adminCustomerInstanceSchema,
});
