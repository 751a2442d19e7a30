import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageSchemaOf, paginationQuerySchema } from '../pagination.ts';
import { byteCountSchema, int4Schema, singleLineTextSchema } from '../validation.ts';
import { idempotencyHeadersSchema } from './checkout.ts';
import { MAX_PURCHASE_QUANTITY, orderSchema } from './orders.ts';

/** Bytes in one GB as sold (binary: 1 GB = 1024³ bytes, as proxy providers meter). */
export const BYTES_PER_GB = 1024 ** 3;

/** A traffic plan: a package of GB for dynamic proxies, valid for some days. */
export const trafficPlanSchema = z.object({
  id: z.string(),
  /** GB in one package of this plan. */
  gb: z.number().int().positive(),
  /** Days a package stays usable after purchase. */
  validityDays: z.number().int().positive(),
  /** Yuan for one package. */
  price: z.number(),
  /** Yuan per GB, for comparing plans. */
  pricePerGb: z.number(),
});
export type TrafficPlan = z.infer<typeof trafficPlanSchema>;

export const listTrafficCatalog = defineEndpoint({
  method: 'GET',
  path: '/catalog/traffic',
  summary: 'Traffic plans with prices, smallest first',
  tag: 'catalog',
  access: 'user',
  errors: [],
  response: z.object({ items: z.array(trafficPlanSchema) }),
});

export const trafficPurchaseSchema = z.object({
  planId: z.uuid(),
  /** Packages of the plan; they are bought as one package of `quantity × gb`. */
  quantity: int4Schema(1, MAX_PURCHASE_QUANTITY),
});

export const trafficQuoteSchema = z.object({
  unitPrice: z.number(),
  quantity: z.number().int(),
  /** Bytes the package will hold. */
  totalBytes: z.number().int(),
  validityDays: z.number().int(),
  total: z.number(),
  balance: z.number(),
  sufficientBalance: z.boolean(),
});
export type TrafficQuote = z.infer<typeof trafficQuoteSchema>;

export const quoteTrafficOrder = defineEndpoint({
  method: 'POST',
  path: '/orders/traffic/quote',
  summary: 'Price a traffic purchase without buying',
  tag: 'orders',
  access: 'user',
  scope: 'read',
  errors: ['planNotFound', 'trafficPurchaseTooLarge'],
  body: trafficPurchaseSchema,
  response: trafficQuoteSchema,
});

export const trafficPackageStatuses = ['active', 'exhausted', 'expired'] as const;
export const trafficPackageStatusSchema = z.enum(trafficPackageStatuses);
export type TrafficPackageStatus = z.infer<typeof trafficPackageStatusSchema>;

export const trafficPackageSchema = z.object({
  id: z.string(),
  /** The order that bought it. */
  orderId: z.string(),
  orderNo: z.string(),
  /** GB bought (plan GB × quantity). */
  gb: z.number().int(),
  totalBytes: z.number().int(),
  usedBytes: z.number().int(),
  remainingBytes: z.number().int(),
  status: trafficPackageStatusSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TrafficPackage = z.infer<typeof trafficPackageSchema>;

/** Send an `Idempotency-Key` header: a repeat with the same key answers the first result. */
export const createTrafficOrder = defineEndpoint({
  method: 'POST',
  path: '/orders/traffic',
  summary: 'Buy traffic: one transaction debits, orders and creates the package',
  tag: 'orders',
  access: 'user',
  scope: 'purchase',
  errors: [
    'emailNotVerified',
    'insufficientBalance',
    'planNotFound',
    'idempotencyKeyReused',
    'trafficPurchaseTooLarge',
  ],
  headers: idempotencyHeadersSchema,
  body: trafficPurchaseSchema,
  response: z.object({ order: orderSchema, package: trafficPackageSchema }),
});

export const listTrafficPackages = defineEndpoint({
  method: 'GET',
  path: '/user/traffic-packages',
  summary:
    "The caller's traffic packages: active ones by soonest expiry, then the rest newest first",
  tag: 'traffic',
  access: 'user',
  errors: [],
  query: paginationQuerySchema.extend({ status: trafficPackageStatusSchema.optional() }),
  response: pageSchemaOf(trafficPackageSchema).extend({
    /** Over all the caller's active packages, whatever the filter. */
    summary: z.object({
      activePackages: z.number().int(),
      totalBytes: z.number().int(),
      remainingBytes: z.number().int(),
    }),
  }),
});

export const usageKinds = ['static', 'dynamic'] as const;
export const usageKindSchema = z.enum(usageKinds);
export type UsageKind = z.infer<typeof usageKindSchema>;

/**
 * What a gateway's usage record meters: the stored kinds, plus `sub_user` (a sub-user's dynamic
 * bytes, stored as `dynamic` usage whose subject is the sub-user, so the account's dynamic totals
 * include them).
 */
export const usageRecordKinds = [...usageKinds, 'sub_user'] as const;
export const usageRecordKindSchema = z.enum(usageRecordKinds);
export type UsageRecordKind = z.infer<typeof usageRecordKindSchema>;

/** `hour`: UTC hours; `day`: days of the business time zone (`BUSINESS_TIMEZONE`). */
export const usageGranularitySchema = z.enum(['hour', 'day']);
export type UsageGranularity = z.infer<typeof usageGranularitySchema>;

/** Longest range a usage query may span, per granularity. */
export const MAX_USAGE_RANGE_DAYS = { hour: 31, day: 366 } as const;

export const usageBucketSchema = z.object({
  /** ISO 8601 start of the bucket (an hour, or a day in the caller's offset). */
  at: z.string(),
  bytesUp: z.number().int(),
  bytesDown: z.number().int(),
});
export type UsageBucket = z.infer<typeof usageBucketSchema>;

export const usageSeriesSchema = z.object({
  granularity: usageGranularitySchema,
  from: z.string(),
  to: z.string(),
  /** Every bucket from `from` to `to`, zero-filled, oldest first. */
  buckets: z.array(usageBucketSchema),
  totals: z.object({ bytesUp: z.number().int(), bytesDown: z.number().int() }),
});
export type UsageSeries = z.infer<typeof usageSeriesSchema>;

export const getTrafficUsage = defineEndpoint({
  method: 'GET',
  path: '/proxy/instances/traffic-usage',
  summary: 'Usage over time (bytes up/down per hour or day); format=csv downloads it',
  tag: 'traffic',
  access: 'user',
  errors: [
    'instanceNotFound',
    'usageRangeTooLarge',
    'usageRangeInvalid',
    'subUserNotFound',
    'usageFiltersConflict',
    'trafficPackageNotFound',
  ],
  query: z.object({
    /** Inclusive ISO 8601 start; default: 7 days (hour) or 30 days (day) before `to`. */
    from: z.iso.datetime({ offset: true }).optional(),
    /** Exclusive ISO 8601 end; default: now. */
    to: z.iso.datetime({ offset: true }).optional(),
    granularity: usageGranularitySchema.default('hour'),
    /** Only this static IP's usage. */
    instanceId: z.uuid().optional(),
    /** Only static-IP or only dynamic-proxy usage. */
    kind: usageKindSchema.optional(),
    /**
     * Only the bytes drawn from this traffic package. A package meters total bytes, not a
     * direction: its series carries them all in `bytesDown`, with `bytesUp` 0. Not with
     * `instanceId`, `subUserId` or `kind`.
     */
    packageId: z.uuid().optional(),
    /** Only this sub-user's (dynamic) usage. Not with `instanceId` or `packageId`. */
    subUserId: z.uuid().optional(),
    format: z.enum(['json', 'csv']).default('json'),
  }),
  response: usageSeriesSchema,
});

/** One metered record from a gateway node. */
export const usageRecordSchema = z.object({
  /**
   * `static`: subject is an instance id; `dynamic`: subject is a user id; `sub_user`: subject is
   * a sub-user id (its bytes draw from its owner's packages).
   */
  kind: usageRecordKindSchema,
  subject: z.uuid(),
  bytesUp: byteCountSchema(2 ** 50),
  bytesDown: byteCountSchema(2 ** 50),
  /** When the bytes moved (ISO 8601); they count in that hour. */
  at: z.iso.datetime({ offset: true }),
});
export type UsageRecord = z.infer<typeof usageRecordSchema>;

export const MAX_USAGE_RECORDS = 5000;

/**
 * A gateway node reports metered bytes with its key (`Authorization: Bearer gnk_…`). A batch is
 * applied exactly once: a repeated `batchId` from the same node is acknowledged and ignored.
 * A batch claiming more bytes (up + down, all records) than the node's line rate moves in its
 * interval is refused whole (`usageBatchTooLarge`), as is an inconsistent interval.
 */
export const reportNodeUsage = defineEndpoint({
  method: 'POST',
  path: '/node/usage',
  summary: 'Usage batch from a gateway node, applied exactly once per batchId',
  tag: 'node',
  access: 'node',
  errors: ['usageBatchTooLarge', 'usageBatchIntervalInvalid', 'usageTotalOutOfRange'],
  body: z.object({
    batchId: singleLineTextSchema({ min: 1, max: 100 }),
    /**
     * Start of the interval the bytes were metered in (the node's previous drain), ISO 8601.
     * Given with `to`; a batch without them (gateways before these fields) is allowed what the
     * node moves in the shortest interval the API assumes.
     */
    from: z.iso.datetime({ offset: true }).optional(),
    /** End of that interval (this drain); every record's `at` falls within it. */
    to: z.iso.datetime({ offset: true }).optional(),
    records: z.array(usageRecordSchema).max(MAX_USAGE_RECORDS),
    /**
     * Allowlist entries that served a connection in this interval, with the latest time each
     * did (the console shows it as "last used"). Absent from gateways before allowlists.
     */
    allowlistUsed: z
      .array(z.object({ entryId: z.uuid(), at: z.iso.datetime({ offset: true }) }))
      .max(MAX_USAGE_RECORDS)
      .optional(),
  }),
  response: z.object({
    batchId: z.string(),
    /** True when this batchId had been applied before and nothing was done now. */
    duplicate: z.boolean(),
    /** Records applied now. */
    applied: z.number().int(),
    /** Records naming an unknown subject (skipped; the batch is still acknowledged). */
    ignored: z.number().int(),
    /**
     * Records for a subject this node does not serve: an instance on another node's IP, or
     * dynamic usage from a node without a dynamic pool. Not charged; the batch is still
     * acknowledged.
     */
    notOnNode: z.number().int(),
  }),
});

/** Everything the console's overview shows, in one call. */
export const overviewSchema = z.object({
  balance: z.number(),
  activeInstances: z.number().int(),
  expiringWithin7Days: z.number().int(),
  traffic: z.object({
    activePackages: z.number().int(),
    totalBytes: z.number().int(),
    remainingBytes: z.number().int(),
  }),
  /** Usage of the last 30 days by day (both kinds), in the caller's offset. */
  usage: usageSeriesSchema,
  /** The 5 newest orders. */
  recentOrders: z.array(orderSchema),
});
export type Overview = z.infer<typeof overviewSchema>;

export const getOverview = defineEndpoint({
  method: 'GET',
  path: '/user/overview',
  summary: 'Balance, IP counts, traffic, 30-day usage and recent orders for the overview page',
  tag: 'users',
  access: 'user',
  errors: [],
  response: overviewSchema,
});
