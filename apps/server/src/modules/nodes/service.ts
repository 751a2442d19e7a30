// What a gateway node may serve: its credential snapshot, versioned by content so that a polling
// node downloads it only when something changed; each poll also records the node's heartbeat.
// A poll may be held (`wait`) until a connectivity check is asked for, one interval at most.
import { createHash } from 'node:crypto';
import {
  NODE_POLL_INTERVAL_SECONDS,
  type NodeHeartbeat,
  type NodeInstanceCheck,
  type NodeSnapshot,
} from '@stratus/contract';
import type { Db } from '@stratus/db';
import { announceChangeSoon, catalogChanged } from '../../change-notifications.ts';
import { listNodeChecks } from './checks.ts';
import { toJsonBytes } from '../../json-bytes.ts';
import { recordNodePoll } from './heartbeat-repo.ts';
import { onlineCutoff } from './online.ts';
import {
  listAllowlistEntries,
  listDynamicAccounts,
  listDynamicEgress,
  listEnabledSubUsers,
  listStaticCredentials,
  type DynamicAccountSnapshotRow,
  type SubUserSnapshotRow,
} from './repo.ts';
import { logPollStateChange, type NodeStateLog } from './state-log.ts';
import { VMESS_UNSERVED_STATES } from './vmess-readiness.ts';

// Usage metering charges dynamic traffic only to nodes that serve a dynamic pool.

// The background job that says when a node goes offline.
export { logNodesGoneOffline } from './state-log.ts';

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

type SnapshotBody = Omit<NodeSnapshot, 'version' | 'generatedAt'>;

/**
 * What a sub-user may still use: the smaller of what its cap leaves (floored at 0; unbounded
 * without a cap) and what its owner's packages hold.
 */
export function subUserRemainingBytes(
  subUser: Pick<SubUserSnapshotRow, 'capBytes' | 'usedBytes'>,
  ownerRemainingBytes: bigint,
): bigint {
  if (subUser.capBytes === null) return ownerRemainingBytes;
  const underCap = subUser.capBytes > subUser.usedBytes ? subUser.capBytes - subUser.usedBytes : 0n;
  return underCap < ownerRemainingBytes ? underCap : ownerRemainingBytes;
}

function toSnapshotSubUsers(subUsers: SubUserSnapshotRow[], accounts: DynamicAccountSnapshotRow[]) {
  const ownerRemaining = new Map(accounts.map((row) => [row.userId, row.remainingBytes]));
  return subUsers.map((row) => ({
    subUserId: row.subUserId,
    userId: row.userId,
    username: row.username,
    passwordSha256: sha256Hex(row.password),
    remainingBytes: toJsonBytes(subUserRemainingBytes(row, ownerRemaining.get(row.userId) ?? 0n)),
  }));
}

async function buildSnapshotBody(db: Db, nodeId: string, now: Date): Promise<SnapshotBody> {
  const [statics, accounts, egress] = await Promise.all([
    listStaticCredentials(db, { nodeId, now }),
    listDynamicAccounts(db, { now }),
    listDynamicEgress(db, { nodeId }),
  ]);
  // Allowlisted sources and sub-users reach the dynamic pool only where there is one.
  const servesDynamic = egress.length > 0;
  const [allowlist, subUsers] = await Promise.all([
    listAllowlistEntries(db, { nodeId, now, servesDynamic }),
    servesDynamic ? listEnabledSubUsers(db) : Promise.resolve([]),
  ]);
  return {
    nodeId,
    pollIntervalSeconds: NODE_POLL_INTERVAL_SECONDS,
    staticCredentials: statics.map((row) => ({
      instanceId: row.instanceId,
      userId: row.userId,
      ip: row.ip,
      port: row.port,
      username: row.username,
      // The node needs only to compare: a copied snapshot hands out no password.
      passwordSha256: sha256Hex(row.password),
      protocols: row.protocols,
      vmessId: row.vmessId,
      vmessPort: row.vmessPort,
      expiresAt: row.expiresAt.toISOString(),
    })),
    dynamicAccounts: accounts.map((row) => ({
      userId: row.userId,
      account: row.account,
      passwordSha256: sha256Hex(row.password),
      remainingBytes: toJsonBytes(row.remainingBytes),
    })),
    dynamicEgress: egress,
    allowlist,
    subUsers: toSnapshotSubUsers(subUsers, accounts),
  };
}

/** Whether a node whose latest heartbeat gave `v2rayState` is offered for vmess (`vmessUnservedOn`). */
function servesVmess(v2rayState: string | null): boolean {
  return !(VMESS_UNSERVED_STATES as readonly string[]).includes(v2rayState ?? '');
}

/**
 * The node's snapshot, or only its version when the node already holds it (`since`). The version
 * is a digest of the content, so any change (a purchase, an expiry, a password reset, usage that
 * moves a remaining byte count) gives a new one, and every API server computes the same version.
 * The poll is recorded (last seen, the heartbeat and its minute) in one statement once the
 * version is known, so the node's snapshot lag is judged against what it is handed now.
 *
 * `hold` (the poll's `wait`, from a node that holds a snapshot) runs first: the answer is read
 * when the hold ends, so what it hands out is as fresh as an answer given at once.
 */
export async function getNodeCredentials({
  db,
  node,
  since,
  heartbeat = null,
  log,
  hold,
}: {
  db: Db;
  node: { id: string; name: string };
  since?: string;
  /** What the poll said of the node; null from a gateway that sends none. */
  heartbeat?: NodeHeartbeat | null;
  /** Told when the poll changes the node's state (online, a new snapshot applied). */
  log?: NodeStateLog;
  /**
   * Holds the poll until a check of the node is asked for or its wait is up; false when the node
   * hung up meanwhile (the poll is then not recorded: the node did not stay to be answered).
   */
  hold?: () => Promise<boolean>;
}): Promise<{
  version: string;
  unchanged: boolean;
  snapshot: NodeSnapshot | null;
  checks: NodeInstanceCheck[];
}> {
  if (hold && since !== undefined && !(await hold())) {
    return { version: since, unchanged: true, snapshot: null, checks: [] };
  }
  const now = new Date();
  const nodeId = node.id;
  const body = await buildSnapshotBody(db, nodeId, now);
  const version = sha256Hex(JSON.stringify(body)).slice(0, 32);
  const before = await recordNodePoll(db, {
    nodeId,
    now,
    heartbeat,
    servedVersion: version,
    onlineSince: onlineCutoff(now),
  });
  if (log) logPollStateChange({ log, node, before, heartbeat });
  // Whether the node serves vmess shows in the catalog: its cache must not keep the old answer.
  if (servesVmess(before.v2rayState) !== servesVmess(heartbeat?.v2rayState ?? null)) {
    await announceChangeSoon(db, catalogChanged);
  }
  const checks: NodeInstanceCheck[] = await listNodeChecks({ db, nodeId, now });
  if (since === version) return { version, unchanged: true, snapshot: null, checks };
  return {
    version,
    unchanged: false,
    checks,
    snapshot: { version, generatedAt: now.toISOString(), ...body },
  };
}
