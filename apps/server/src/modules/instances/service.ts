import {
  base64Utf8,
  type ExportType,
  type Instance,
  type Locale,
  type Order,
  type Page,
  type ProxyLinkTarget,
  type ProxyProtocol,
} from '@stratus/contract';
import type { Db } from '@stratus/db';
import { compactBusinessDay } from '../../business-time.ts';
import { AppError } from '../../errors.ts';
import { getOrder } from '../checkout/public.ts';
import { localiseRegion } from '../catalog/public.ts';
import { toJsonBytes } from '../../json-bytes.ts';
import { generateProxyPassword } from './credentials.ts';
import { formatInstancesCsv, type InstanceCsvRow } from './export-csv.ts';
import { buildExportBody } from './export-lines.ts';
import {
  loadInstanceFacts,
  newInstanceFacts,
  NO_FACTS,
  type InstanceFacts,
} from './instance-facts.ts';
import { listVmessUnservedInstances } from './replacement-repo.ts';
import { freeReplacementUntil } from './replacement-rules.ts';
import {
  countInstances,
  findInstanceDetail,
  listInstanceDetails,
  listInstanceDetailsByIds,
  updateInstance as updateInstanceRow,
  type InstanceDetail,
  type InstanceFilter,
} from './repo.ts';

// The instance queries a static-IP purchase (and an operator's refund) uses inside its transaction.

const DAY_MS = 86_400_000;

/**
 * A live instance on an address an operator quarantined keeps working until it is given another
 * address: the customer and the operators see it flagged for replacement.
 */
export function isFlaggedForReplacement({
  instance,
  ip,
}: Pick<InstanceDetail, 'instance' | 'ip'>): boolean {
  return instance.status === 'active' && ip.status === 'quarantined';
}

/** The API shape of an instance; names in the caller's language. */
export function toInstance(
  { instance, ip, region }: InstanceDetail,
  locale: Locale,
  facts: InstanceFacts,
): Instance {
  return {
    id: instance.id,
    ip: ip.address,
    port: ip.port,
    vmessPort: ip.vmessPort,
    protocols: instance.protocols as ProxyProtocol[],
    unavailableProtocols:
      facts.vmessUnserved && instance.protocols.includes('vmess') ? ['vmess'] : [],
    username: instance.username,
    password: instance.password,
    vmessId: instance.vmessId,
    country: region.country,
    ...localiseRegion(region, locale),
    lineType: ip.lineType,
    remark: instance.remark,
    status: instance.status,
    autoRenew: instance.autoRenew,
    renewalWarning: instance.renewalWarning,
    flaggedForReplacement: isFlaggedForReplacement({ instance, ip }),
    usage30Days: toJsonBytes(facts.usage30Days),
    replacementsLeftThisMonth: facts.replacementsLeftThisMonth,
    freeReplacementUntil: freeReplacementUntil(instance.createdAt).toISOString(),
    createdAt: instance.createdAt.toISOString(),
    expiresAt: instance.expiresAt.toISOString(),
  };
}

export interface InstanceQuery {
  status?: Instance['status'];
  country?: string;
  keyword?: string;
  expiringWithinDays?: number;
}

export async function listInstances({
  db,
  userId,
  locale,
  query,
  page,
  pageSize,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  locale: Locale;
  query: InstanceQuery;
  page: number;
  pageSize: number;
  now?: Date;
}): Promise<Page<Instance>> {
  const filter: InstanceFilter = {
    userId,
    status: query.status,
    country: query.country,
    keyword: query.keyword || undefined,
    now,
    expiringBefore:
      query.expiringWithinDays === undefined
        ? undefined
        : new Date(now.getTime() + query.expiringWithinDays * DAY_MS),
  };
  const [rows, total] = await Promise.all([
    listInstanceDetails(db, filter, { limit: pageSize, offset: (page - 1) * pageSize }),
    countInstances(db, filter),
  ]);
  const facts = await loadInstanceFacts(db, {
    instanceIds: rows.map((row) => row.instance.id),
    now,
  });
  return {
    items: rows.map((row) => toInstance(row, locale, facts.get(row.instance.id) ?? NO_FACTS)),
    total,
    page,
    pageSize,
  };
}

/** Instances in the API shape with their usage and replacement figures, in the order given. */
export async function toInstances(
  db: Db,
  details: InstanceDetail[],
  { locale, now = new Date() }: { locale: Locale; now?: Date },
): Promise<Instance[]> {
  const facts = await loadInstanceFacts(db, {
    instanceIds: details.map((detail) => detail.instance.id),
    now,
  });
  return details.map((detail) =>
    toInstance(detail, locale, facts.get(detail.instance.id) ?? NO_FACTS),
  );
}

/**
 * Instances a purchase has just created, in the API shape, from the rows its transaction wrote
 * and without a query: their figures are those of any new instance of the plan.
 */
export function toNewInstances(
  details: InstanceDetail[],
  { locale, replacementsPerMonth }: { locale: Locale; replacementsPerMonth: number },
): Instance[] {
  const facts = newInstanceFacts({ replacementsPerMonth });
  return details.map((detail) => toInstance(detail, locale, facts));
}

async function requireInstance({
  db,
  userId,
  instanceId,
}: {
  db: Db;
  userId: string;
  instanceId: string;
}): Promise<InstanceDetail> {
  const detail = await findInstanceDetail(db, { userId, instanceId });
  // Another user's instance answers exactly like a missing one: ids reveal nothing.
  if (!detail) throw new AppError('instanceNotFound');
  return detail;
}

export async function getInstance({
  db,
  userId,
  instanceId,
  locale,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  instanceId: string;
  locale: Locale;
  now?: Date;
}): Promise<Instance> {
  const [instance] = await toInstances(db, [await requireInstance({ db, userId, instanceId })], {
    locale,
    now,
  });
  if (!instance) throw new AppError('instanceNotFound');
  return instance;
}

/** Edits the remark or switches auto-renew; switching clears the last renewal warning. */
export async function updateInstance({
  db,
  userId,
  instanceId,
  locale,
  changes,
}: {
  db: Db;
  userId: string;
  instanceId: string;
  locale: Locale;
  changes: { remark?: string; autoRenew?: boolean };
}): Promise<Instance> {
  const updated = await updateInstanceRow(db, {
    userId,
    instanceId,
    changes: {
      ...(changes.remark === undefined ? {} : { remark: changes.remark }),
      ...(changes.autoRenew === undefined
        ? {}
        : { autoRenew: changes.autoRenew, renewalWarning: null }),
    },
  });
  if (!updated) throw new AppError('instanceNotFound');
  return getInstance({ db, userId, instanceId, locale });
}

export async function resetInstancePassword({
  db,
  userId,
  instanceId,
  locale,
}: {
  db: Db;
  userId: string;
  instanceId: string;
  locale: Locale;
}): Promise<Instance> {
  const updated = await updateInstanceRow(db, {
    userId,
    instanceId,
    changes: { password: generateProxyPassword() },
  });
  if (!updated) throw new AppError('instanceNotFound');
  return getInstance({ db, userId, instanceId, locale });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** More ids than this in one export are ignored beyond the limit. */
const EXPORT_MAX_INSTANCES = 10_000;

/**
 * What share lines and the CSV need of an instance; the city in `locale`. Protocols its node
 * cannot serve now (`vmessUnserved`) are left out: an export holds only lines that work.
 */
export function toExportRow(
  { instance, ip, region }: InstanceDetail,
  locale: Locale,
  vmessUnserved = false,
): ProxyLinkTarget & InstanceCsvRow & { protocols: ProxyProtocol[] } {
  return {
    ip: ip.address,
    port: ip.port,
    vmessPort: ip.vmessPort,
    protocols: (instance.protocols as ProxyProtocol[]).filter(
      (protocol) => !(vmessUnserved && protocol === 'vmess'),
    ),
    username: instance.username,
    password: instance.password,
    vmessId: instance.vmessId,
    country: region.country,
    city: localiseRegion(region, locale).city,
    remark: instance.remark,
    expiresAt: instance.expiresAt,
  };
}

/**
 * The caller's active instances as proxy lines or CSV. `ids` narrows the export; ids that are not
 * UUIDs or not the caller's are simply absent from the file.
 */
export async function exportInstances({
  db,
  userId,
  locale,
  type,
  ids,
  encoding,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  locale: Locale;
  type: ExportType;
  ids?: string;
  encoding: 'plain' | 'base64';
  now?: Date;
}): Promise<{ fileName: string; body: string; contentType: string }> {
  const wanted =
    ids === undefined
      ? undefined
      : [...new Set(ids.split(',').map((id) => id.trim()))].filter((id) => UUID.test(id));
  const rows = await listInstanceDetails(
    db,
    { userId, status: 'active', ids: wanted },
    { limit: EXPORT_MAX_INSTANCES, offset: 0 },
  );
  const vmessUnserved = await listVmessUnservedInstances(
    db,
    rows.map((row) => row.instance.id),
  );
  const instances = rows.map((row) => toExportRow(row, locale, vmessUnserved.has(row.instance.id)));
  const day = compactBusinessDay(now);
  if (type === 'csv') {
    const csv = formatInstancesCsv(instances, locale, now);
    return encoding === 'base64'
      ? { fileName: `proxies-csv-${day}.txt`, body: base64Utf8(csv), contentType: TEXT }
      : { fileName: `proxies-${day}.csv`, body: csv, contentType: 'text/csv; charset=utf-8' };
  }
  const body = buildExportBody({ type, encoding, instances });
  return { fileName: `proxies-${type}-${day}.txt`, body, contentType: TEXT };
}

const TEXT = 'text/plain; charset=utf-8';

/** An order with the instances it created or renewed, as purchases and renewals answer. */
export async function getOrderWithInstances({
  db,
  userId,
  orderId,
  locale,
}: {
  db: Db;
  userId: string;
  orderId: string;
  locale: Locale;
}): Promise<{ order: Order; instances: Instance[] }> {
  const order = await getOrder({ db, userId, orderId, locale });
  const details = await listInstanceDetailsByIds(db, order.instanceIds);
  return { order, instances: await toInstances(db, details, { locale }) };
}
