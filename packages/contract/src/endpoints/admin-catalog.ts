// The operator console's catalog: regions, static-IP plans with their prices per duration, and
// traffic plans. Reads need `catalog.read`, writes `catalog.manage`; every write is audited.
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { int4Schema, singleLineTextSchema, yuanSchema } from '../validation.ts';
import {
  lineTypeSchema,
  MAX_DURATION_DAYS,
  proxyProtocols,
  proxyProtocolSchema,
} from './catalog.ts';

/** The dearest price one IP (or one traffic package) may be given, in yuan. */
export const MAX_CATALOG_PRICE_YUAN = 1_000_000;

/** Sort orders run from −9999 to 9999; lists go ascending, so a smaller number comes first. */
export const MIN_SORT_ORDER = -9999;
export const MAX_SORT_ORDER = 9999;

/** The largest traffic package a plan may sell, in GB. */
export const MAX_TRAFFIC_PLAN_GB = 100_000;

/** The most durations one static-IP plan may price. */
export const MAX_PLAN_PRICES = 20;

/** ISO 3166-1 alpha-2 country code; sent in any case, kept in upper case: `JP`. */
export const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'countryCode');

/** A city's code: a lower-case slug (`tokyo`, `los-angeles`), unique within its country. */
export const cityCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(50)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'cityCode');

const placeNameSchema = singleLineTextSchema({ min: 1, max: 100 });
const sortOrderSchema = int4Schema(MIN_SORT_ORDER, MAX_SORT_ORDER);
/** The most replacements per month a plan may allow. */
export const MAX_REPLACEMENTS_PER_MONTH = 100;
const replacementsPerMonthSchema = int4Schema(0, MAX_REPLACEMENTS_PER_MONTH);
/** The highest low-stock mark a plan may be given (the database holds the same bound). */
export const MAX_LOW_STOCK_MARK = 100_000;
/** A plan's low-stock mark: staff are mailed when its free addresses fall below it; null: none. */
const lowStockMarkSchema = int4Schema(1, MAX_LOW_STOCK_MARK).nullable();
/** A price in yuan: above zero, at most two decimals. */
const catalogPriceSchema = yuanSchema.min(0.01).max(MAX_CATALOG_PRICE_YUAN);
const catalogIdParams = z.object({ id: z.uuid() });

// Regions ----------------------------------------------------------------------------------------

/** A region (a city of a country) with its names in both languages. */
export const adminRegionSchema = z.object({
  id: z.string(),
  /** ISO 3166-1 alpha-2, upper case. */
  country: z.string(),
  cityCode: z.string(),
  countryNameZh: z.string(),
  countryNameEn: z.string(),
  cityNameZh: z.string(),
  cityNameEn: z.string(),
  sortOrder: z.number().int(),
  /** Static-IP plans of the region (shown or hidden). */
  plans: z.number().int().min(0),
  /** Addresses of the region ready to sell now. */
  availableIps: z.number().int().min(0),
});
export type AdminRegion = z.infer<typeof adminRegionSchema>;

export const listAdminRegions = defineEndpoint({
  method: 'GET',
  path: '/admin/regions',
  summary: 'Every region, in catalog order (sort order, then country and city code)',
  tag: 'admin',
  access: 'staff',
  permission: 'catalog.read',
  errors: [],
  response: z.object({ items: z.array(adminRegionSchema) }),
});

const regionNamesSchema = z.object({
  countryNameZh: placeNameSchema,
  countryNameEn: placeNameSchema,
  cityNameZh: placeNameSchema,
  cityNameEn: placeNameSchema,
});

export const createRegion = defineEndpoint({
  method: 'POST',
  path: '/admin/regions',
  summary: 'Add a region: country and city codes (fixed once made), names in both languages',
  tag: 'admin',
  access: 'staff',
  permission: 'catalog.manage',
  errors: ['regionTaken'],
  body: regionNamesSchema.extend({
    country: countryCodeSchema,
    cityCode: cityCodeSchema,
    sortOrder: sortOrderSchema.default(0),
  }),
  response: adminRegionSchema,
});

export const updateRegion = defineEndpoint({
  method: 'PATCH',
  path: '/admin/regions/:id',
  summary: 'Rename a region or move it in the catalog (its codes stay: IPs and orders use them)',
  tag: 'admin',
  access: 'staff',
  permission: 'catalog.manage',
  errors: ['regionNotFound'],
  params: catalogIdParams,
  body: regionNamesSchema.partial().extend({ sortOrder: sortOrderSchema.optional() }),
  response: adminRegionSchema,
});

// Static-IP plans --------------------------------------------------------------------------------

/** A plan's price for one duration: yuan per IP for the whole duration. */
export const planPriceInputSchema = z.object({
  durationDays: int4Schema(1, MAX_DURATION_DAYS),
  price: catalogPriceSchema,
});
export type PlanPriceInput = z.infer<typeof planPriceInputSchema>;

/** A plan's whole price list: each duration at most once. */
export const planPriceListSchema = z
  .array(planPriceInputSchema)
  .min(1)
  .max(MAX_PLAN_PRICES)
  .refine((prices) => new Set(prices.map((price) => price.durationDays)).size === prices.length, {
    message: 'durationsRepeated',
  });

/** Protocols a plan's instances are used with: at least one, each once. */
export const planProtocolsSchema = z
  .array(proxyProtocolSchema)
  .min(1)
  .max(proxyProtocols.length)
  .refine((protocols) => new Set(protocols).size === protocols.length, {
    message: 'protocolsRepeated',
  });

/** A static-IP plan as operators see it: its region, prices, and what it has sold and can sell. */
export const adminStaticIpPlanSchema = z.object({
  id: z.string(),
  region: adminRegionSchema.pick({
    id: true,
    country: true,
    cityCode: true,
    countryNameZh: true,
    countryNameEn: true,
    cityNameZh: true,
    cityNameEn: true,
  }),
  lineType: lineTypeSchema,
  protocols: z.array(proxyProtocolSchema),
  /** Shown in the customer catalog and sold; a hidden plan still renews what it sold. */
  active: z.boolean(),
  sortOrder: z.number().int(),
  /** Paid-for replacements an instance may make per calendar month (after its free 24 hours). */
  replacementsPerMonth: z.number().int(),
  /** Shortest duration first; yuan per IP. */
  prices: z.array(z.object({ durationDays: z.number().int(), price: z.number() })),
  /** Instances of the plan's region and line type that are live now: the plan cannot go. */
  liveInstances: z.number().int().min(0),
  /** Addresses of the plan's region and line type ready to sell now. */
  stock: z.number().int().min(0),
  /** Staff who run the catalog are mailed once `stock` falls below it; null: no mark. */
  lowStockMark: z.number().int().nullable(),
  createdAt: z.string(),
});
export type AdminStaticIpPlan = z.infer<typeof adminStaticIpPlanSchema>;

export const listAdminStaticIpPlans = defineEndpoint({
  method: 'GET',
  path: '/admin/static-ip-plans',
  summary: 'Static-IP plans, shown and hidden, in catalog order, with stock and live instances',
  tag: 'admin',
  access: 'staff',
  permission: 'catalog.read',
  errors: [],
  query: z.object({ regionId: z.uuid().optional(), lineType: lineTypeSchema.optional() }),
  response: z.object({ items: z.array(adminStaticIpPlanSchema) }),
});

export const createStaticIpPlan = defineEndpoint({
  method: 'POST',
  path: '/admin/static-ip-plans',
  summary: 'Add the plan of a region and line type, with its protocols and prices',
  tag: 'admin',
  access: 'staff',
  permission: 'catalog.manage',
  errors: ['regionNotFound', 'staticIpPlanTaken'],
  body: z.object({
    regionId: z.uuid(),
    lineType: lineTypeSchema,
    protocols: planProtocolsSchema,
    active: z.boolean().default(true),
    sortOrder: sortOrderSchema.default(0),
    replacementsPerMonth: replacementsPerMonthSchema.default(1),
    lowStockMark: lowStockMarkSchema.default(null),
    prices: planPriceListSchema,
  }),
  response: adminStaticIpPlanSchema,
});

export const updateStaticIpPlan = defineEndpoint({
  method: 'PATCH',
  path: '/admin/static-ip-plans/:id',
  summary:
    'Change protocols, show/hide, sort order, the low-stock mark, or replace the price list (orders already paid keep their price)',
  tag: 'admin',
  access: 'staff',
  permission: 'catalog.manage',
  errors: ['staticIpPlanNotFound'],
  params: catalogIdParams,
  body: z.object({
    protocols: planProtocolsSchema.optional(),
    active: z.boolean().optional(),
    sortOrder: sortOrderSchema.optional(),
    replacementsPerMonth: replacementsPerMonthSchema.optional(),
    /** null takes the mark away. */
    lowStockMark: lowStockMarkSchema.optional(),
    /** The whole new list: durations left out stop being offered. */
    prices: planPriceListSchema.optional(),
  }),
  response: adminStaticIpPlanSchema,
});

export const deleteStaticIpPlan = defineEndpoint({
  method: 'DELETE',
  path: '/admin/static-ip-plans/:id',
  summary: 'Delete a plan that has no live instance (hide one that has)',
  tag: 'admin',
  access: 'staff',
  permission: 'catalog.manage',
  errors: ['staticIpPlanNotFound', 'staticIpPlanInUse'],
  params: catalogIdParams,
  response: z.null(),
});

// Traffic plans ----------------------------------------------------------------------------------

/** A traffic plan as operators see it, with its packages still in use. */
export const adminTrafficPlanSchema = z.object({
  id: z.string(),
  gb: z.number().int(),
  validityDays: z.number().int(),
  /** Yuan per package. */
  price: z.number(),
  /** Yuan per GB, for comparing plans. */
  pricePerGb: z.number(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  /** Packages bought on this plan that are active now: the plan cannot go. */
  livePackages: z.number().int().min(0),
  createdAt: z.string(),
});
export type AdminTrafficPlan = z.infer<typeof adminTrafficPlanSchema>;

export const listAdminTrafficPlans = defineEndpoint({
  method: 'GET',
  path: '/admin/traffic-plans',
  summary: 'Traffic plans, shown and hidden, in catalog order, with their live packages',
  tag: 'admin',
  access: 'staff',
  permission: 'catalog.read',
  errors: [],
  response: z.object({ items: z.array(adminTrafficPlanSchema) }),
});

const trafficPlanFieldsSchema = z.object({
  gb: int4Schema(1, MAX_TRAFFIC_PLAN_GB),
  validityDays: int4Schema(1, MAX_DURATION_DAYS),
  price: catalogPriceSchema,
  active: z.boolean(),
  sortOrder: sortOrderSchema,
});

export const createTrafficPlan = defineEndpoint({
  method: 'POST',
  path: '/admin/traffic-plans',
  summary: 'Add a traffic plan (one per size and validity)',
  tag: 'admin',
  access: 'staff',
  permission: 'catalog.manage',
  errors: ['trafficPlanTaken'],
  body: trafficPlanFieldsSchema.extend({
    active: z.boolean().default(true),
    sortOrder: sortOrderSchema.default(0),
  }),
  response: adminTrafficPlanSchema,
});

export const updateTrafficPlan = defineEndpoint({
  method: 'PATCH',
  path: '/admin/traffic-plans/:id',
  summary: 'Change a traffic plan (packages already bought keep what they were sold with)',
  tag: 'admin',
  access: 'staff',
  permission: 'catalog.manage',
  errors: ['trafficPlanTaken', 'trafficPlanNotFound'],
  params: catalogIdParams,
  body: trafficPlanFieldsSchema.partial(),
  response: adminTrafficPlanSchema,
});

export const deleteTrafficPlan = defineEndpoint({
  method: 'DELETE',
  path: '/admin/traffic-plans/:id',
  summary: 'Delete a traffic plan with no live package (hide one that has)',
  tag: 'admin',
  access: 'staff',
  permission: 'catalog.manage',
  errors: ['trafficPlanNotFound', 'trafficPlanInUse'],
  params: catalogIdParams,
  response: z.null(),
});
