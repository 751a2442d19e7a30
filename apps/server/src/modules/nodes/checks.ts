// Connectivity checks, run by the nodes: a customer asks (instances/checks.ts), the instance's gateway picks the check up with its next
// poll, tests the instance (listening, egress from its IP) and reports. A check the gateway has
// not reported within INSTANCE_CHECK_TIMEOUT_SECONDS is marked failed (`timeout`) when it is next
// read or a new one is asked for, so a customer never waits on a node that is down. A new check is
// announced on the change bus: the node's poll the API is holding (`wait`) answers with it at once.
import {
  INSTANCE_CHECK_TIMEOUT_SECONDS,
  INSTANCE_CHECKS_PER_HOUR,
  type InstanceCheck,
  type InstanceCheckFailure,
  type NodeInstanceCheck,
} from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import { announceChange, nodeCheckAsked, type Change } from '../../change-notifications.ts';
import { AppError } from '../../errors.ts';
import {
  completeNodeCheck,
  countChecksSince,
  findPendingCheck,
  findUserCheck,
  hasCheckSinceLastPoll,
  insertCheck,
  listPendingNodeChecks,
  timeOutStaleChecks,
  type InstanceCheckRow,
} from './checks-repo.ts';

const HOUR_MS = 3_600_000;
const TIMEOUT_MS = INSTANCE_CHECK_TIMEOUT_SECONDS * 1000;

function toInstanceCheck(row: InstanceCheckRow): InstanceCheck {
  return {
    id: row.id,
    instanceId: row.instanceId,
    status: row.status,
    failure: row.failure as InstanceCheckFailure | null,
    latencyMs: row.latencyMs,
    egressIp: row.egressIp,
    requestedAt: row.requestedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/**
 * Starts a check of a live instance on its address's node (`nodeId`), or answers the one still
 * pending, inside the caller's transaction, which holds the instance's row locked so two requests
 * at once start one check and count right. `asked`: the change that wakes the node's held poll,
 * announced at commit; deliver it on this server too once committed (`deliverChangeLocally`).
 */
export async function startInstanceCheck(
  tx: Tx,
  {
    userId,
    instanceId,
    nodeId,
    now,
  }: { userId: string; instanceId: string; nodeId: string; now: Date },
): Promise<{ check: InstanceCheck; asked: Change | null }> {
  await timeOutStaleChecks(tx, {
    instanceId,
    requestedBefore: new Date(now.getTime() - TIMEOUT_MS),
    now,
  });
  const pending = await findPendingCheck(tx, { instanceId });
  if (pending) return { check: toInstanceCheck(pending), asked: null };
  const recent = await countChecksSince(tx, {
    instanceId,
    since: new Date(now.getTime() - HOUR_MS),
  });
  if (recent >= INSTANCE_CHECKS_PER_HOUR) {
    throw new AppError('instanceChecksTooFrequent', { limit: INSTANCE_CHECKS_PER_HOUR });
  }
  const row = await insertCheck(tx, { instanceId, userId, nodeId, requestedAt: now });
  const asked = nodeCheckAsked(nodeId);
  await announceChange(tx, asked);
  return { check: toInstanceCheck(row), asked };
}

/** One of the caller's checks; a pending one past its time is marked failed (`timeout`) first. */
export async function getInstanceCheck({
  db,
  userId,
  instanceId,
  checkId,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  instanceId: string;
  checkId: string;
  now?: Date;
}): Promise<InstanceCheck> {
  const row = await findUserCheck(db, { userId, instanceId, checkId });
  // Another user's check answers exactly like a missing one.
  if (!row) throw new AppError('instanceCheckNotFound');
  if (row.status !== 'pending' || now.getTime() - row.requestedAt.getTime() < TIMEOUT_MS) {
    return toInstanceCheck(row);
  }
  await timeOutStaleChecks(db, {
    instanceId,
    requestedBefore: new Date(now.getTime() - TIMEOUT_MS),
    now,
  });
  const updated = await findUserCheck(db, { userId, instanceId, checkId });
  if (!updated) throw new AppError('instanceCheckNotFound');
  return toInstanceCheck(updated);
}

/** The node's checks to run, with every poll: pending ones not yet past their time. */
export async function listNodeChecks({
  db,
  nodeId,
  now,
}: {
  db: Db;
  nodeId: string;
  now: Date;
}): Promise<NodeInstanceCheck[]> {
  return listPendingNodeChecks(db, {
    nodeId,
    requestedAfter: new Date(now.getTime() - TIMEOUT_MS),
  });
}

/**
 * Whether a poll of the node must not be held: a check is pending that was asked for after the
 * node's last poll was answered, so no answer has handed it out yet.
 */
export async function hasCheckNotHandedOut({
  db,
  nodeId,
  now = new Date(),
}: {
  db: Db;
  nodeId: string;
  now?: Date;
}): Promise<boolean> {
  return hasCheckSinceLastPoll(db, {
    nodeId,
    requestedAfter: new Date(now.getTime() - TIMEOUT_MS),
  });
}

/**
 * Records a node's result of its own check, once: a second report (or one after the check timed
 * out) answers `recorded: false` and changes nothing; another node's check is 404.
 */
export async function reportNodeCheck({
  db,
  nodeId,
  checkId,
  report,
  now = new Date(),
}: {
  db: Db;
  nodeId: string;
  checkId: string;
  report: {
    ok: boolean;
    failure: InstanceCheckFailure | null;
    latencyMs: number | null;
    egressIp: string | null;
  };
  now?: Date;
}): Promise<{ recorded: boolean }> {
  const outcome = await completeNodeCheck(db, {
    nodeId,
    checkId,
    result: report.ok
      ? {
          status: 'ok',
          failure: null,
          latencyMs: report.latencyMs,
          egressIp: report.egressIp,
          completedAt: now,
        }
      : {
          status: 'failed',
          // A node that says "failed" without why: the proxy answered nothing useful.
          failure: report.failure ?? 'egress',
          latencyMs: null,
          egressIp: report.egressIp,
          completedAt: now,
        },
  });
  if (outcome === 'missing') throw new AppError('instanceCheckNotFound');
  return { recorded: outcome === 'recorded' };
}
