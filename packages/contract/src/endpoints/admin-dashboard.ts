import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

// The operator console's dashboard. Days and months are business days in China Standard Time
// (UTC+8): "today" is the China day holding the moment of the request, "this month" runs from the
// 1st of its China month up to now, "last month" is the whole China month before it.

/** `YYYY-MM-DD`, a China day. */
const chinaDaySchema = z.iso.date();

const countSchema = z.number().int().min(0);
/** A byte count as a JSON number (exact up to 2^53 − 1; larger sums are clamped there). */
const bytesSchema = z.number().int().min(0);

/** One region's static IPs, by what can be done with them now. */
export const dashboardRegionIpsSchema = z.object({
  regionId: z.uuid(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  /** In the request's language. */
  countryName: z.string(),
  cityName: z.string(),
  /** Addresses serving a live instance (status `active`, not past its expiry). */
  sold: countSchema,
  /** Addresses in state `available`: what the catalog can sell. */
  available: countSchema,
  /** Addresses in state `cooling`: back on sale once their cool-down ends. */
  cooling: countSchema,
  /** Addresses an operator took off sale (`quarantined`). */
  quarantined: countSchema,
  /** Every address of the region except the `retired` ones. */
  total: countSchema,
});
export type DashboardRegionIps = z.infer<typeof dashboardRegionIpsSchema>;

/** Bytes moved (up + down) on one China day, static IPs and dynamic traffic apart. */
export const dashboardTrafficDaySchema = z.object({
  day: chinaDaySchema,
  staticBytes: bytesSchema,
  dynamicBytes: bytesSchema,
});
export type DashboardTrafficDay = z.infer<typeof dashboardTrafficDaySchema>;

/** The money of one period. All amounts are yuan. */
export const dashboardMoneyPeriodSchema = z.object({
  /** Revenue: the top-ups paid in the period (payments `paid`, by `paid_at`), in yuan. */
  revenue: z.number(),
  /** How many payments that revenue is. */
  paidTopUps: countSchema,
  /** Orders placed in the period (purchases, renewals, traffic; by `created_at`). */
  orders: countSchema,
  /** What those orders cost, before any refund (gross sales), in yuan. */
  grossSales: z.number(),
  /**
   * Refunds made in the period (by the refund's time, whenever its order was placed), in yuan.
   */
  refunds: z.number(),
  /** grossSales − refunds, in yuan (negative when a period refunded more than it sold). */
  netSales: z.number(),
});
export type DashboardMoneyPeriod = z.infer<typeof dashboardMoneyPeriodSchema>;

/** One China day of the money chart, in yuan. */
export const dashboardMoneyDaySchema = z.object({
  day: chinaDaySchema,
  /** Paid top-ups of the day. */
  revenue: z.number(),
  /** Orders of the day minus refunds of the day. */
  netSales: z.number(),
});
export type DashboardMoneyDay = z.infer<typeof dashboardMoneyDaySchema>;

/** The figures only roles holding `dashboard.money` (owner, finance) receive. */
export const dashboardMoneySchema = z.object({
  today: dashboardMoneyPeriodSchema,
  thisMonth: dashboardMoneyPeriodSchema,
  lastMonth: dashboardMoneyPeriodSchema,
  /** Yuan waiting in pending payments. */
  pendingAmount: z.number(),
  /** The last 30 China days, today included, oldest first. */
  series: z.array(dashboardMoneyDaySchema),
});
export type DashboardMoney = z.infer<typeof dashboardMoneySchema>;

/** How many days the dashboard's charts cover (today and the 29 before it). */
export const DASHBOARD_SERIES_DAYS = 30;

export const dashboardSchema = z.object({
  /** The moment the figures were taken (ISO 8601). */
  generatedAt: z.iso.datetime({ offset: true }),
  /** Today's China day. */
  today: chinaDaySchema,
  /** `YYYY-MM` of this China month and of the one before. */
  thisMonth: z.string(),
  lastMonth: z.string(),
  customers: z.object({
    /** Accounts with the role `customer` created today. */
    newToday: countSchema,
    /** Accounts with the role `customer` created this month. */
    newThisMonth: countSchema,
    /** Accounts owning at least one live static IP (instance `active`, not past expiry). */
    withLiveIps: countSchema,
  }),
  /** Static IPs per region (regions in the catalog's order); the totals add the regions up. */
  staticIps: z.object({
    regions: z.array(dashboardRegionIpsSchema),
    totals: dashboardRegionIpsSchema.pick({
      sold: true,
      available: true,
      cooling: true,
      quarantined: true,
      total: true,
    }),
  }),
  traffic: z.object({
    /** Bytes metered today (usage hours starting today), static IPs and dynamic apart. */
    today: dashboardTrafficDaySchema,
    /** The last 30 China days, today included, oldest first. */
    series: z.array(dashboardTrafficDaySchema),
  }),
  nodes: z.object({
    /** Active nodes heard from within `offlineAfterSeconds`. */
    online: countSchema,
    /** Active nodes not heard from within `offlineAfterSeconds` (or never). */
    offline: countSchema,
    /** Disabled nodes (their key is refused), counted apart from the two above. */
    disabled: countSchema,
    /** `NODE_OFFLINE_AFTER_POLLS` × `NODE_POLL_INTERVAL_SECONDS`. */
    offlineAfterSeconds: countSchema,
  }),
  payments: z.object({
    /** Payments still `pending` (created, neither paid nor closed yet). */
    pending: countSchema,
    /**
     * China days of the daily reconciliation's default range (the last 30 days) on which paid
     * payments and ledger top-ups disagree, oldest first.
     */
    mismatchedDays: z.array(chinaDaySchema),
  }),
  /**
   * Revenue and sales: present only for a role holding `dashboard.money`; null for the others
   * (support, ops), who receive no money figure at all.
   */
  money: dashboardMoneySchema.nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const getAdminDashboard = defineEndpoint({
  method: 'GET',
  path: '/admin/dashboard',
  summary:
    'The business at a glance: customers, static IPs by region, traffic, nodes, payments to look at, and revenue and sales for roles that see money',
  tag: 'admin',
  access: 'staff',
  permission: 'dashboard.read',
  errors: [],
  response: dashboardSchema,
});
