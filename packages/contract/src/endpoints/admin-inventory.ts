// The operator's IP inventory: the states an address moves through, the list and one address's
// page (history, instances it served), imports with a dry run, and quarantine, release, retire.
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageSchemaOf, paginationQuerySchema } from '../pagination.ts';
import { int4Schema, plainTextSchema, singleLineTextSchema } from '../validation.ts';
import { lineTypeSchema } from './catalog.ts';
import { instanceStatusSchema } from './instances.ts';

/**
 * `available` to sell; `allocated` to a live or recently expired instance; `cooling` after
 * expiry (its last owner may still reclaim it by renewing); `quarantined` by an operator (e.g.
 * blacklisted: never sold, a live instance on it is flagged for replacement); `retired` for good.
 */
export const ipAddressStatuses = [
  'available',
  'allocated',
  'cooling',
  'quarantined',
  'retired',
] as const;
export type IpAddressStatus = (typeof ipAddressStatuses)[number];
export const ipAddressStatusSchema = z.enum(ipAddressStatuses);

/** A region as the inventory names it: country code and city code, `JP/tokyo`. */
export const regionCodeSchema = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z]{2}\/[a-z0-9]+(?:-[a-z0-9]+)*$/);

/** The longest reason an operator may give for a quarantine, release or retirement. */
export const IP_STATUS_REASON_MAX_LENGTH = 200;

/** The most addresses one import may hold (a CSV's rows, or what pasted ranges expand to). */
export const IP_IMPORT_MAX_ADDRESSES = 10_000;

/** The most characters of CSV or pasted ranges one import request may carry. */
export const IP_IMPORT_MAX_TEXT_LENGTH = 1_000_000;

/** The most addresses one bulk quarantine, release or retirement may name. */
export const IP_BULK_MAX = 200;

/** A live instance on an address, as the inventory shows it. */
export const adminIpLiveInstanceSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  customerEmail: z.string(),
  expiresAt: z.string(),
});

/** One address of the pool as operators see it. */
export const adminIpSchema = z.object({
  id: z.string(),
  address: z.string(),
  /** HTTP and SOCKS5 port. */
  port: z.number().int(),
  vmessPort: z.number().int(),
  nodeId: z.string(),
  nodeName: z.string(),
  /** `JP/tokyo`: what the region filter and an import's region take. */
  region: z.string(),
  country: z.string(),
  /** Country and city names in the request's language. */
  countryName: z.string(),
  cityName: z.string(),
  lineType: lineTypeSchema,
  status: ipAddressStatusSchema,
  /** Why it was quarantined or retired; null in the other states. */
  statusReason: z.string().nullable(),
  statusChangedAt: z.string(),
  /** When a `cooling` address may be sold again; null otherwise. */
  coolingUntil: z.string().nullable(),
  createdAt: z.string(),
  /** The live (active) instance on it, if any. */
  liveInstance: adminIpLiveInstanceSchema.nullable(),
  /** Quarantined with a live instance on it: the customer is to get another address. */
  flaggedForReplacement: z.boolean(),
});
export type AdminIp = z.infer<typeof adminIpSchema>;

export const listAdminIps = defineEndpoint({
  method: 'GET',
  path: '/admin/ips',
  summary: 'The IP pool by address, filtered by node, region, line type, status, address or CIDR',
  tag: 'admin',
  access: 'staff',
  permission: 'inventory.read',
  errors: [],
  query: paginationQuerySchema.extend({
    /** A gateway node's name. */
    node: singleLineTextSchema({ max: 64 }).optional(),
    /** `JP/tokyo`. */
    region: singleLineTextSchema({ max: 80 }).optional(),
    lineType: lineTypeSchema.optional(),
    status: ipAddressStatusSchema.optional(),
    /** An address block (`10.0.0.0/24`, `2001:db8::/64`): the addresses inside it; else part of an address. */
    q: singleLineTextSchema({ max: 100 }).optional(),
    /** `true`: only quarantined addresses a live instance still uses. */
    flagged: z.enum(['true', 'false']).optional(),
  }),
  response: pageSchemaOf(adminIpSchema),
});

/** The nodes and regions the filters and the import form offer, and the pool by status. */
export const adminIpOverviewSchema = z.object({
  nodes: z.array(z.object({ id: z.string(), name: z.string() })),
  regions: z.array(
    z.object({
      /** `JP/tokyo`. */
      code: z.string(),
      country: z.string(),
      countryName: z.string(),
      cityName: z.string(),
    }),
  ),
  /** Addresses per status over the whole pool (every status present, 0 when none). */
  counts: z.record(ipAddressStatusSchema, z.number().int().min(0)),
  /** Quarantined addresses a live instance still uses. */
  flagged: z.number().int().min(0),
});
export type AdminIpOverview = z.infer<typeof adminIpOverviewSchema>;

export const getAdminIpOverview = defineEndpoint({
  method: 'GET',
  path: '/admin/ips/overview',
  summary: 'Nodes and regions of the pool, and how many addresses are in each state',
  tag: 'admin',
  access: 'staff',
  permission: 'inventory.read',
  errors: [],
  response: adminIpOverviewSchema,
});

/** One change of an address's status, as the database recorded it. */
export const ipAddressEventSchema = z.object({
  id: z.number().int(),
  /** Null for the import that added the address. */
  fromStatus: ipAddressStatusSchema.nullable(),
  toStatus: ipAddressStatusSchema,
  /** The operator's reason of a quarantine or retirement; empty for the system's own moves. */
  reason: z.string(),
  at: z.string(),
});
export type IpAddressEvent = z.infer<typeof ipAddressEventSchema>;

/** An instance an address served (or serves). */
export const adminIpInstanceSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  customerEmail: z.string(),
  status: instanceStatusSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Live on an address that is quarantined now: the customer is to get another address. */
  flaggedForReplacement: z.boolean(),
});
export type AdminIpInstance = z.infer<typeof adminIpInstanceSchema>;

export const adminIpDetailSchema = z.object({
  ip: adminIpSchema,
  /** Newest first. */
  history: z.array(ipAddressEventSchema),
  /** Every instance created on the address, newest first. */
  instances: z.array(adminIpInstanceSchema),
});
export type AdminIpDetail = z.infer<typeof adminIpDetailSchema>;

const ipIdParams = z.object({ id: z.uuid() });

export const getAdminIp = defineEndpoint({
  method: 'GET',
  path: '/admin/ips/:id',
  summary: 'One address with its status history and the instances it served',
  tag: 'admin',
  access: 'staff',
  permission: 'inventory.read',
  errors: ['ipNotFound'],
  params: ipIdParams,
  response: adminIpDetailSchema,
});

const requiredReasonSchema = singleLineTextSchema({ min: 1, max: IP_STATUS_REASON_MAX_LENGTH });
const optionalReasonSchema = singleLineTextSchema({ max: IP_STATUS_REASON_MAX_LENGTH }).optional();
const ipIdsSchema = z.array(z.uuid()).min(1).max(IP_BULK_MAX);

/**
 * Quarantine: never sold while quarantined. From `available`, `cooling` (its last owner can no
 * longer reclaim it) or `allocated` (the live instance keeps working, flagged for replacement).
 */
export const quarantineAdminIp = defineEndpoint({
  method: 'POST',
  path: '/admin/ips/:id/quarantine',
  summary: 'Quarantine an address (never sold; a live instance on it is flagged for replacement)',
  tag: 'admin',
  access: 'staff',
  permission: 'inventory.manage',
  errors: ['ipNotFound', 'ipAlreadyQuarantined', 'ipRetired'],
  params: ipIdParams,
  body: z.object({ reason: requiredReasonSchema }),
  response: adminIpSchema,
});

/**
 * Release a quarantined address: back to `allocated` while a live instance still uses it (no
 * longer flagged), else `available` to sell.
 */
export const releaseAdminIp = defineEndpoint({
  method: 'POST',
  path: '/admin/ips/:id/release',
  summary: 'Release a quarantined address (allocated if a live instance uses it, else available)',
  tag: 'admin',
  access: 'staff',
  permission: 'inventory.manage',
  errors: ['ipNotFound', 'ipNotQuarantined', 'ipRetired'],
  params: ipIdParams,
  body: z.object({ reason: optionalReasonSchema }),
  response: adminIpSchema,
});

/** Retire an address for good; refused while a live instance uses it. */
export const retireAdminIp = defineEndpoint({
  method: 'POST',
  path: '/admin/ips/:id/retire',
  summary: 'Retire an address for good (refused while a live instance uses it)',
  tag: 'admin',
  access: 'staff',
  permission: 'inventory.manage',
  errors: ['ipNotFound', 'ipRetired', 'ipInUse'],
  params: ipIdParams,
  body: z.object({ reason: requiredReasonSchema }),
  response: adminIpSchema,
});

const bulkResponseSchema = z.object({ items: z.array(adminIpSchema) });

/** Quarantine several addresses at once: all of them or, when one cannot, none. */
export const quarantineAdminIps = defineEndpoint({
  method: 'POST',
  path: '/admin/ips/quarantine',
  summary: 'Quarantine several addresses (all or none)',
  tag: 'admin',
  access: 'staff',
  permission: 'inventory.manage',
  errors: ['ipNotFound', 'ipAlreadyQuarantined', 'ipRetired'],
  body: z.object({ ids: ipIdsSchema, reason: requiredReasonSchema }),
  response: bulkResponseSchema,
});

export const releaseAdminIps = defineEndpoint({
  method: 'POST',
  path: '/admin/ips/release',
  summary: 'Release several quarantined addresses (all or none)',
  tag: 'admin',
  access: 'staff',
  permission: 'inventory.manage',
  errors: ['ipNotFound', 'ipNotQuarantined', 'ipRetired'],
  body: z.object({ ids: ipIdsSchema, reason: optionalReasonSchema }),
  response: bulkResponseSchema,
});

export const retireAdminIps = defineEndpoint({
  method: 'POST',
  path: '/admin/ips/retire',
  summary: 'Retire several addresses (all or none)',
  tag: 'admin',
  access: 'staff',
  permission: 'inventory.manage',
  errors: ['ipNotFound', 'ipRetired', 'ipInUse'],
  body: z.object({ ids: ipIdsSchema, reason: requiredReasonSchema }),
  response: bulkResponseSchema,
});

/** How the text of an import is read. */
export const ipImportFormats = ['csv', 'ranges'] as const;
export const ipImportFormatSchema = z.enum(ipImportFormats);
export type IpImportFormat = z.infer<typeof ipImportFormatSchema>;

const portSchema = int4Schema(1, 65_535);

const importCommonSchema = z.object({
  /** `true`: check every line and answer what would happen, writing nothing. */
  dryRun: z.boolean(),
  /** The gateway node the addresses belong to, by name. */
  node: singleLineTextSchema({ min: 1, max: 64 }),
  text: plainTextSchema({ min: 1, max: IP_IMPORT_MAX_TEXT_LENGTH }),
});

/**
 * An import's body. `csv`: a header naming the columns `address, port, vmess_port, country,
 * country_zh, country_en, city, city_zh, city_en, line_type` (any order), one address per row;
 * missing regions are created with the names given. `ranges`: one or more entries per line
 * (separated by spaces or commas; `#` starts a comment): an address (IPv4 or IPv6), an IPv4 block
 * written from its start (`10.0.0.0/29`: a /30 or wider leaves out network and broadcast) or an
 * IPv4 range (`10.0.0.10-10.0.0.20`, `10.0.0.10-20`), all in one existing region with one line
 * type and ports.
 */
export const importAdminIpsBodySchema = z.discriminatedUnion('format', [
  importCommonSchema.extend({ format: z.enum(['csv']) }),
  importCommonSchema.extend({
    format: z.enum(['ranges']),
    /** An existing region, `JP/tokyo`. */
    region: regionCodeSchema,
    lineType: lineTypeSchema,
    port: portSchema,
    vmessPort: portSchema,
  }),
]);
export type ImportAdminIpsBody = z.infer<typeof importAdminIpsBodySchema>;

/** What became (or would become) of one address of an import. */
export const ipImportRowSchema = z.object({
  /** 1-based line of the text the address came from. */
  line: z.number().int().min(1),
  /** The address, or the text of the line when no address could be read from it. */
  address: z.string(),
  /** `JP/tokyo`; null when the line could not be read. */
  region: z.string().nullable(),
  lineType: lineTypeSchema.nullable(),
  port: z.number().int().nullable(),
  vmessPort: z.number().int().nullable(),
  /** Why the line cannot be imported, in the request's language; null when it can. */
  error: z.string().nullable(),
});
export type IpImportRow = z.infer<typeof ipImportRowSchema>;

export const ipImportTotalsSchema = z.object({
  /** Addresses read from the text (and lines that could not be read). */
  rows: z.number().int().min(0),
  /** Rows without error: imported, or to be imported on apply. */
  valid: z.number().int().min(0),
  errors: z.number().int().min(0),
  /** Regions the import creates (a CSV naming a region not yet known), `JP/osaka`. */
  regionsCreated: z.array(z.string()),
});

export const ipImportResultSchema = z.object({
  dryRun: z.boolean(),
  /** Whether the addresses were written: an apply without any error. */
  applied: z.boolean(),
  totals: ipImportTotalsSchema,
  /** Every row in the order of the text. */
  rows: z.array(ipImportRowSchema),
});
export type IpImportResult = z.infer<typeof ipImportResultSchema>;

/**
 * Import addresses to a node's pool. A dry run checks every line and writes nothing. An apply is
 * all-or-nothing: any line error (unreadable, a duplicate in the text, an address already in the
 * pool or on another node) answers 400 `ipImportHasErrors` with the rows at fault in `data`, and
 * nothing is written; otherwise every address is added `available` in one transaction with its
 * audit entry.
 */
export const importAdminIps = defineEndpoint({
  method: 'POST',
  path: '/admin/ips/import',
  summary: 'Import addresses from CSV or pasted ranges: dry run, then apply (all or nothing)',
  tag: 'admin',
  access: 'staff',
  permission: 'inventory.manage',
  errors: [
    'ipImportHasErrors',
    'ipImportNodeNotFound',
    'ipImportRegionNotFound',
    'ipImportTooLarge',
    'ipImportEmpty',
    'ipImportConflict',
  ],
  body: importAdminIpsBodySchema,
  response: ipImportResultSchema,
});
