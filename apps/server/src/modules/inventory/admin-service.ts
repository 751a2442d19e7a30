// The operator console's inventory: the pool with its filters, one address's page, and the
// quarantine, release and retirement of addresses (each audited in its transaction).
import { isIP } from 'node:net';
import {
  ipAddressStatuses,
  type AdminIp,
  type AdminIpDetail,
  type AdminIpOverview,
  type IpAddressStatus,
  type LineType,
  type Locale,
  type Page,
} from '@stratus/contract';
import type { Db } from '@stratus/db';
import { AppError } from '../../errors.ts';
import { diffChanges, recordAudit, type StaffActor } from '../audit/public.ts';
import { localiseRegion } from '../catalog/public.ts';
import { normaliseIpAddress } from './addresses.ts';
import {
  countIpRows,
  countIpsByStatus,
  findLiveInstanceIps,
  listIpEvents,
  listIpInstances,
  listIpRows,
  listNodeNames,
  listRegions,
  lockIps,
  setIpStatusWithReason,
  type IpFilter,
  type IpRow,
} from './admin-repo.ts';
import { nextIpStatus, operatorTransition, type IpStatusChange } from './ip-status.ts';
import { regionCodeOf } from './rows.ts';

function toAdminIp(row: IpRow, locale: Locale): AdminIp {
  const { ip, region } = row;
  const names = localiseRegion(region, locale);
  const liveInstance =
    row.liveInstanceId && row.liveCustomerId && row.liveCustomerEmail && row.liveExpiresAt
      ? {
          id: row.liveInstanceId,
          customerId: row.liveCustomerId,
          customerEmail: row.liveCustomerEmail,
          expiresAt: row.liveExpiresAt.toISOString(),
        }
      : null;
  return {
    id: ip.id,
    address: ip.address,
    port: ip.port,
    vmessPort: ip.vmessPort,
    nodeId: ip.nodeId,
    nodeName: row.nodeName,
    region: regionCodeOf({ country: region.country, city: region.cityCode }),
    country: region.country,
    countryName: names.countryName,
    cityName: names.city,
    lineType: ip.lineType,
    status: ip.status,
    statusReason: ip.statusReason,
    statusChangedAt: ip.statusChangedAt.toISOString(),
    coolingUntil: ip.coolingUntil?.toISOString() ?? null,
    createdAt: ip.createdAt.toISOString(),
    liveInstance,
    flaggedForReplacement: ip.status === 'quarantined' && liveInstance !== null,
  };
}

/** The list's filters as the endpoint takes them. */
export interface AdminIpQuery {
  node?: string;
  /** `JP/tokyo`. */
  region?: string;
  lineType?: LineType;
  status?: IpAddressStatus;
  /** A block (`10.0.0.0/24`): the addresses in it; an address: that one; else part of one. */
  q?: string;
  flagged?: 'true' | 'false';
}

/** `10.0.0.0/24`, `2001:db8::/32` (a host address with a prefix is its block too). */
function readBlock(text: string): string | undefined {
  const match = /^([^/]+)\/(\d{1,3})$/.exec(text);
  if (!match) return undefined;
  const version = isIP(match[1]!);
  const prefix = Number(match[2]);
  return version && prefix <= (version === 4 ? 32 : 128) ? text : undefined;
}

function toIpFilter({ node, region, lineType, status, q, flagged }: AdminIpQuery): IpFilter {
  const filter: IpFilter = { lineType, status, flagged: flagged === 'true' };
  if (node) filter.nodeName = node;
  if (region) {
    const match = /^([A-Za-z]{2})\/([a-z0-9-]+)$/.exec(region);
    filter.region = match ? { country: match[1]!.toUpperCase(), city: match[2]! } : null;
  }
  if (q) {
    const block = readBlock(q);
    const address = normaliseIpAddress(q);
    if (block) filter.block = block;
    else if (address) filter.address = address;
    else filter.addressPattern = `%${q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  }
  return filter;
}

export async function listAdminIps({
  db,
  locale,
  query,
  page,
  pageSize,
}: {
  db: Db;
  locale: Locale;
  query: AdminIpQuery;
  page: number;
  pageSize: number;
}): Promise<Page<AdminIp>> {
  const filter = toIpFilter(query);
  const [rows, total] = await Promise.all([
    listIpRows(db, filter, { limit: pageSize, offset: (page - 1) * pageSize }),
    countIpRows(db, filter),
  ]);
  return { items: rows.map((row) => toAdminIp(row, locale)), total, page, pageSize };
}

export async function getAdminIpOverview({
  db,
  locale,
}: {
  db: Db;
  locale: Locale;
}): Promise<AdminIpOverview> {
  const [nodes, regionRows, { counts, flagged }] = await Promise.all([
    listNodeNames(db),
    listRegions(db),
    countIpsByStatus(db),
  ]);
  const byStatus = Object.fromEntries(ipAddressStatuses.map((status) => [status, 0])) as Record<
    IpAddressStatus,
    number
  >;
  for (const row of counts) byStatus[row.status] = row.addresses;
  return {
    nodes,
    regions: regionRows.map((region) => {
      const names = localiseRegion(region, locale);
      return {
        code: regionCodeOf({ country: region.country, city: region.cityCode }),
        country: region.country,
        countryName: names.countryName,
        cityName: names.city,
      };
    }),
    counts: byStatus,
    flagged,
  };
}

async function findAdminIps(db: Db, ids: string[], locale: Locale): Promise<AdminIp[]> {
  const rows = await listIpRows(db, { ids }, { limit: ids.length, offset: 0 });
  return rows.map((row) => toAdminIp(row, locale));
}

export async function getAdminIp({
  db,
  id,
  locale,
}: {
  db: Db;
  id: string;
  locale: Locale;
}): Promise<AdminIpDetail> {
  const [ip] = await findAdminIps(db, [id], locale);
  if (!ip) throw new AppError('ipNotFound');
  const [events, instances] = await Promise.all([listIpEvents(db, id), listIpInstances(db, id)]);
  return {
    ip,
    history: events.map((event) => ({
      id: event.id,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      reason: event.reason,
      at: event.createdAt.toISOString(),
    })),
    instances: instances.map(({ instance, customerEmail }) => ({
      id: instance.id,
      customerId: instance.userId,
      customerEmail,
      status: instance.status,
      createdAt: instance.createdAt.toISOString(),
      expiresAt: instance.expiresAt.toISOString(),
      flaggedForReplacement: instance.status === 'active' && ip.status === 'quarantined',
    })),
  };
}

/**
 * Quarantines, releases or retires the addresses `ids`, all or none (the rules are
 * `nextIpStatus`'s): one transaction locks them (id order), checks each against its state and
 * live instance, moves each and records one audit entry per address with the reason. The first
 * address that may not move refuses the whole change (`ipNotFound`, `ipAlreadyQuarantined`,
 * `ipNotQuarantined`, `ipRetired`, `ipInUse`, naming it) and nothing is written.
 *
 * Races: a purchase holds the rows it claims until it commits, and claims only `available`
 * ones, re-checked once a lock is granted; so an address quarantined here is never sold
 * afterwards, and one sold first is found allocated with its live instance (flagged). The expiry
 * job moves only `allocated` addresses to cooling, the release job only `cooling` ones.
 */
export async function changeIpStatus({
  db,
  actor,
  ids,
  change,
  reason,
  locale,
}: {
  db: Db;
  actor: StaffActor;
  ids: string[];
  change: IpStatusChange;
  /** Required for a quarantine or retirement (the contract holds it), optional for a release. */
  reason: string;
  locale: Locale;
}): Promise<AdminIp[]> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  await db.transaction(async (tx) => {
    const rows = await lockIps(tx, unique);
    if (rows.length !== unique.length) throw new AppError('ipNotFound');
    const inUse = await findLiveInstanceIps(tx, unique);
    for (const row of rows) {
      const next = nextIpStatus(change, { status: row.status, inUse: inUse.has(row.id) });
      if (!next.ok) throw new AppError(next.refusal, { address: row.address });
      const statusReason =
        next.status === 'quarantined' || next.status === 'retired' ? reason : null;
      await setIpStatusWithReason(tx, {
        id: row.id,
        transition: operatorTransition(change, next.status),
        reason: statusReason,
      });
      await recordAudit({
        tx,
        actor,
        action: `ip.${change}`,
        target: { type: 'ip', id: row.id },
        changes: diffChanges(
          { status: row.status, statusReason: row.statusReason },
          { status: next.status, statusReason },
        ),
        reason,
      });
    }
  });
  return findAdminIps(db, unique, locale);
}
