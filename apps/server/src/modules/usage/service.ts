// Usage metering: batches from gateway nodes applied exactly once (the series the console
// charts are read in history.ts).
import { type UsageKind, type UsageRecord, type UsageRecordKind } from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import { AppError } from '../../errors.ts';
import { hasDynamicPool } from '../nodes/public.ts';
import {
  assertBatchPossible,
  assertOverlappingWithinRate,
  type UsageBatchClaim,
} from './batch-bounds.ts';
import {
  addPackageUsageHourly,
  addSubUserUsedBytes,
  findSubUserOwners,
  markAllowlistEntriesUsed,
  type PackageHourUsage,
} from './access-repo.ts';
import { drawDownPackages } from './draw-down.ts';
import {
  addHourlyUsage,
  claimUsageBatch,
  findDynamicAccountHolders,
  findInstancePlacements,
  lockUsablePackages,
  setPackageUsedBytes,
  setUsageBatchClaim,
  sumOverlappingBatches,
  type UsageHourlyRow,
} from './repo.ts';

// What the console's overview and the dynamic-proxy account show of a customer's packages.
import { HOUR_MS } from './series.ts';

export interface UsageBatchResult {
  batchId: string;
  duplicate: boolean;
  applied: number;
  ignored: number;
  notOnNode: number;
}

/**
 * Applies one node's usage batch in one transaction: the batch row (exactly once per node and
 * batch id), the hourly usage rows, and for dynamic usage the draw-down of the owners' packages
 * with the uncovered rest recorded as overage.
 *
 * A batch claiming more than the node can move in its interval is refused whole with nothing
 * changed (see batch-bounds.ts): it is corrupt or forged, and no part of it is believable. So is
 * one that, with the node's batches over overlapping intervals, claims more than the node moves
 * over the time they span together.
 * Records naming an unknown subject are skipped (`ignored`), and so are records for a subject the
 * node does not serve (`notOnNode`): those are dropped rather than refusing the batch, because
 * the rest of the batch is other customers' real usage, and a node acting on a stale snapshot
 * (its dynamic pool disabled seconds ago) reports such records in good faith. Either way a node
 * key charges only what its node serves.
 */
export async function recordUsageBatch({
  db,
  nodeId,
  batch,
  bytesPerSecond,
  now = new Date(),
}: {
  db: Db;
  nodeId: string;
  batch: UsageBatchClaim & { batchId: string; allowlistUsed?: { entryId: string; at: string }[] };
  /** The node's line rate, which bounds what one batch may claim. */
  bytesPerSecond: bigint;
  now?: Date;
}): Promise<UsageBatchResult> {
  const { batchId, records } = batch;
  return db.transaction(async (tx) => {
    const claimed = await claimUsageBatch(tx, { nodeId, batchId, recordCount: records.length });
    if (!claimed) return { batchId, duplicate: true, applied: 0, ignored: 0, notOnNode: 0 };
    // After the claim, so a batch applied before is acknowledged whatever the bounds are now;
    // a refusal rolls the claim back with the rest.
    const claim = assertBatchPossible(batch, { bytesPerSecond, now });
    // Nor may batches over overlapping intervals claim more together than the node moves then.
    await setUsageBatchClaim(tx, { nodeId, batchId, ...claim });
    assertOverlappingWithinRate(await sumOverlappingBatches(tx, { nodeId, batchId, ...claim }), {
      bytesPerSecond,
    });

    const owners = await resolveSubjectOwners(tx, { nodeId, records });
    const rows = new Map<string, UsageHourlyRow>();
    const subUserBytes = new Map<string, bigint>();
    let ignored = 0;
    let notOnNode = 0;
    for (const record of records) {
      const owner = owners.get(`${record.kind}:${record.subject}`);
      if (!owner) {
        ignored += 1;
        continue;
      }
      if (!owner.onNode) {
        notOnNode += 1;
        continue;
      }
      // The hour is taken in UTC (date_trunc('hour', at) at time zone UTC).
      const hour = new Date(Math.floor(Date.parse(record.at) / HOUR_MS) * HOUR_MS);
      // A sub-user's bytes are the account's dynamic usage, under the sub-user's own subject.
      const kind: UsageKind = record.kind === 'static' ? 'static' : 'dynamic';
      const key = `${hour.toISOString()}|${kind}|${record.subject}`;
      if (record.kind === 'sub_user') {
        const moved = BigInt(record.bytesUp) + BigInt(record.bytesDown);
        subUserBytes.set(record.subject, (subUserBytes.get(record.subject) ?? 0n) + moved);
      }
      const row = rows.get(key) ?? {
        hour,
        kind,
        subjectId: record.subject,
        userId: owner.userId,
        bytesUp: 0n,
        bytesDown: 0n,
        overageBytes: 0n,
      };
      row.bytesUp += BigInt(record.bytesUp);
      row.bytesDown += BigInt(record.bytesDown);
      rows.set(key, row);
    }
    // One order for every lock this transaction takes (see lockUsablePackages, addHourlyUsage).
    const ordered = [...rows.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, row]) => row);
    await drawDownDynamicUsage(tx, { rows: ordered.filter((row) => row.kind === 'dynamic'), now });
    if (!(await addHourlyUsage(tx, ordered))) throw new AppError('usageTotalOutOfRange');
    await addSubUserUsedBytes(tx, subUserBytes);
    const allowlistUsed = batch.allowlistUsed ?? [];
    await markAllowlistEntriesUsed(
      tx,
      allowlistUsed.map((use) => ({ entryId: use.entryId, at: new Date(use.at) })),
    );
    return {
      batchId,
      duplicate: false,
      applied: records.length - ignored - notOnNode,
      ignored,
      notOnNode,
    };
  });
}

interface SubjectOwner {
  userId: string;
  /** Whether the reporting node serves this subject. */
  onNode: boolean;
}

/**
 * `kind:subject` → owner, for the subjects that exist: an instance, a user with a dynamic
 * account, or a sub-user of one. A node serves an instance whose IP is its own, and dynamic users
 * and sub-users when it has a dynamic pool (every node with one serves them all, as its snapshot
 * says).
 */
async function resolveSubjectOwners(
  tx: Tx,
  { nodeId, records }: { nodeId: string; records: UsageRecord[] },
): Promise<Map<string, SubjectOwner>> {
  const subjectsOf = (kind: UsageRecordKind) => [
    ...new Set(records.filter((record) => record.kind === kind).map((record) => record.subject)),
  ];
  // One after the other: a transaction is one connection.
  const instances = await findInstancePlacements(tx, subjectsOf('static'));
  const dynamicUsers = await findDynamicAccountHolders(tx, subjectsOf('dynamic'));
  const subUserOwners = await findSubUserOwners(tx, subjectsOf('sub_user'));
  const servesDynamic =
    (dynamicUsers.size > 0 || subUserOwners.size > 0) && (await hasDynamicPool(tx, nodeId));
  const owners = new Map<string, SubjectOwner>();
  for (const [instanceId, placement] of instances) {
    owners.set(`static:${instanceId}`, {
      userId: placement.userId,
      onNode: placement.nodeId === nodeId,
    });
  }
  for (const userId of dynamicUsers) {
    owners.set(`dynamic:${userId}`, { userId, onNode: servesDynamic });
  }
  for (const [subUserId, userId] of subUserOwners) {
    owners.set(`sub_user:${subUserId}`, { userId, onNode: servesDynamic });
  }
  return owners;
}

/**
 * Draws each user's dynamic bytes (their own and their sub-users', oldest hour first) from their
 * usable packages, soonest expiry first, sets each row's overage to what no package covered, and
 * adds what each package gave to its hour row.
 */
async function drawDownDynamicUsage(
  tx: Tx,
  { rows, now }: { rows: UsageHourlyRow[]; now: Date },
): Promise<void> {
  const userIds = [...new Set(rows.map((row) => row.userId))].sort();
  const packages = await lockUsablePackages(tx, { userIds, now });
  const packageHours = new Map<string, PackageHourUsage>();
  for (const userId of userIds) {
    const demands = rows
      .filter((row) => row.userId === userId)
      .sort((a, b) => a.hour.getTime() - b.hour.getTime());
    const result = drawDownPackages(
      packages.filter((item) => item.userId === userId),
      demands.map((row) => ({ bytes: row.bytesUp + row.bytesDown })),
    );
    demands.forEach((row, index) => {
      row.overageBytes = result.overage[index] ?? 0n;
    });
    for (const change of result.packages) await setPackageUsedBytes(tx, change);
    for (const draw of result.draws) {
      const hour = demands[draw.demand]!.hour;
      const key = `${draw.packageId}|${hour.toISOString()}`;
      const entry = packageHours.get(key) ?? { hour, packageId: draw.packageId, userId, bytes: 0n };
      entry.bytes += draw.bytes;
      packageHours.set(key, entry);
    }
  }
  // Sorted by package then hour: concurrent batches take these row locks in one order.
  const sortedKeys = [...packageHours.keys()].sort();
  await addPackageUsageHourly(
    tx,
    sortedKeys.map((key) => packageHours.get(key)!),
  );
}
