// The operator's gateway nodes: the list and one node's page (heartbeats, online state, snapshot
// lag, IPs), and the writes `/api/admin/nodes` and `npm run admin` share: add a node, rotate its
// key, disable and enable it, each audited in its transaction.
import {
  ipAddressStatuses,
  isNodeOnline,
  NODE_HEARTBEAT_SERIES_HOURS,
  nodeHeartbeatSchema,
  v2rayStates,
  type AdminNode,
  type AdminNodeDetail,
  type GatewayNodeStatus,
  type NodeKeyIssued,
  type NodeSnapshotLag,
  type V2rayState,
} from '@stratus/contract';
import type { Db } from '@stratus/db';
import { AppError } from '../../errors.ts';
import { hashToken } from '../../tokens.ts';
import { recordAudit, type StaffActor } from '../audit/public.ts';
import {
  insertGatewayNode,
  lockGatewayNode,
  updateGatewayNode,
  type GatewayNodeRow,
} from './gateway-node-repo.ts';
import { generateNodeKey } from './gateway-nodes.ts';
import { describeGatewayStart } from './gateway-start.ts';
import { listHeartbeatMinutes, type StoredHeartbeat } from './heartbeat-repo.ts';
import {
  countIpsByNodeAndStatus,
  listGatewayNodeRows,
  type NodeIpCountRow,
} from './node-list-repo.ts';

const HOUR_MS = 3_600_000;

/** The stored heartbeat, or null when there is none or it is not one (never trusted blindly). */
function readStoredHeartbeat(value: unknown): StoredHeartbeat | null {
  const heartbeat = nodeHeartbeatSchema.safeParse(value);
  if (!heartbeat.success) return null;
  const extra = value as Partial<StoredHeartbeat>;
  return {
    ...heartbeat.data,
    servedVersion: typeof extra.servedVersion === 'string' ? extra.servedVersion : '',
    snapshotBehindSince:
      typeof extra.snapshotBehindSince === 'string' ? extra.snapshotBehindSince : null,
  };
}

/** The column holds what a valid heartbeat carried; anything else reads as no V2Ray. */
function asV2rayState(value: string): V2rayState {
  return (v2rayStates as readonly string[]).includes(value) ? (value as V2rayState) : 'absent';
}

function snapshotLagOf(heartbeat: StoredHeartbeat, now: Date): NodeSnapshotLag {
  const behindSince = heartbeat.snapshotBehindSince;
  if (!behindSince) return { inSync: true, behindSince: null, lagSeconds: 0 };
  const lagMs = Math.max(0, now.getTime() - Date.parse(behindSince));
  return { inSync: false, behindSince, lagSeconds: Math.floor(lagMs / 1000) };
}

function toAdminNode(row: GatewayNodeRow, ipCounts: NodeIpCountRow[], now: Date): AdminNode {
  const stored = readStoredHeartbeat(row.lastHeartbeat);
  const counts = Object.fromEntries(ipAddressStatuses.map((status) => [status, 0])) as Record<
    (typeof ipAddressStatuses)[number],
    number
  >;
  for (const entry of ipCounts) if (entry.nodeId === row.id) counts[entry.status] = entry.count;
  let heartbeat = null;
  if (stored) {
    const { servedVersion: _served, snapshotBehindSince: _behind, ...sent } = stored;
    heartbeat = sent;
  }
  return {
    id: row.id,
    name: row.name,
    host: row.host,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    online: row.status === 'active' && isNodeOnline(row.lastSeenAt, now),
    heartbeat,
    snapshotLag: stored ? snapshotLagOf(stored, now) : null,
    ipCounts: counts,
  };
}

/** Every node by name, with its latest heartbeat and IP counts. */
export async function listAdminNodes({
  db,
  now = new Date(),
}: {
  db: Db;
  now?: Date;
}): Promise<{ items: AdminNode[] }> {
  const [rows, ipCounts] = await Promise.all([
    listGatewayNodeRows(db),
    countIpsByNodeAndStatus(db),
  ]);
  return { items: rows.map((row) => toAdminNode(row, ipCounts, now)) };
}

async function requireAdminNode(db: Db, nodeId: string, now: Date): Promise<AdminNode> {
  const [[row], ipCounts] = await Promise.all([
    listGatewayNodeRows(db, { nodeId }),
    countIpsByNodeAndStatus(db, { nodeId }),
  ]);
  if (!row) throw new AppError('nodeNotFound');
  return toAdminNode(row, ipCounts, now);
}

/** One node with its last `NODE_HEARTBEAT_SERIES_HOURS` hours of heartbeats by minute. */
export async function getAdminNode({
  db,
  nodeId,
  now = new Date(),
}: {
  db: Db;
  nodeId: string;
  now?: Date;
}): Promise<AdminNodeDetail> {
  const since = new Date(now.getTime() - NODE_HEARTBEAT_SERIES_HOURS * HOUR_MS);
  const [node, minutes] = await Promise.all([
    requireAdminNode(db, nodeId, now),
    listHeartbeatMinutes(db, { nodeId, since }),
  ]);
  return {
    ...node,
    series: minutes.map((minute) => ({
      minute: minute.minute.toISOString(),
      openConnections: minute.openConnections,
      bytesInPerSecond: minute.bytesInPerSecond,
      bytesOutPerSecond: minute.bytesOutPerSecond,
      pendingUsageBatches: minute.pendingUsageBatches,
      cpuPercent: minute.cpuPercent,
      memoryBytes: minute.memoryBytes,
      v2rayState: asV2rayState(minute.v2rayState),
    })),
  };
}

export interface IssueKeyOptions {
  db: Db;
  actor: StaffActor;
  /** Where the node's gateway reaches the API: `PUBLIC_URL`, else the origin the operator used. */
  apiUrl: string;
  now?: Date;
}

/**
 * Adds a gateway node; its key is answered once (only its hash is kept), with the command that
 * starts its gateway. A taken name is refused (`nodeNameTaken`) and records nothing. Audited as
 * `node.create`; `POST /admin/nodes` and `npm run admin -- add-node` both come here.
 */
export async function createGatewayNode({
  db,
  actor,
  apiUrl,
  name,
  host,
  now = new Date(),
}: IssueKeyOptions & { name: string; host: string }): Promise<NodeKeyIssued> {
  const apiKey = generateNodeKey();
  const nodeId = await db.transaction(async (tx) => {
    const node = await insertGatewayNode(tx, { name, host, apiKeyHash: hashToken(apiKey) });
    if (!node) throw new AppError('nodeNameTaken', { name });
    await recordAudit({
      tx,
      actor,
      action: 'node.create',
      target: { type: 'node', id: node.id },
      changes: {
        name: { before: null, after: name },
        host: { before: null, after: host },
        status: { before: null, after: node.status },
      },
    });
    return node.id;
  });
  return {
    node: await requireAdminNode(db, nodeId, now),
    apiKey,
    ...describeGatewayStart({ apiUrl, apiKey, nodeId }),
  };
}

/**
 * A new key for the node, answered once; the old key is refused from this commit on (the node
 * guard looks the hash up on every request). Audited as `node.rotate_key`, recording that the key
 * changed, never the key.
 */
export async function rotateGatewayNodeKeyById({
  db,
  actor,
  apiUrl,
  nodeId,
  now = new Date(),
}: IssueKeyOptions & { nodeId: string }): Promise<NodeKeyIssued> {
  const apiKey = generateNodeKey();
  await db.transaction(async (tx) => {
    const node = await lockGatewayNode(tx, nodeId);
    if (!node) throw new AppError('nodeNotFound');
    await updateGatewayNode(tx, nodeId, { apiKeyHash: hashToken(apiKey) });
    await recordAudit({
      tx,
      actor,
      action: 'node.rotate_key',
      target: { type: 'node', id: nodeId },
      changes: { apiKey: { before: '[redacted]', after: '[redacted, new]' } },
    });
  });
  return {
    node: await requireAdminNode(db, nodeId, now),
    apiKey,
    ...describeGatewayStart({ apiUrl, apiKey, nodeId }),
  };
}

/**
 * Disables or enables a node. A disabled node's key is refused like an unknown one: its gateway
 * gets no new snapshot (purchases, renewals, password resets and withdrawals no longer reach it)
 * and its usage waits in its spool until the node is enabled again. A running gateway keeps
 * serving the last snapshot it holds, as it does while the API is unreachable: stop the gateway
 * to take the node out of service. Audited as `node.disable` / `node.enable`.
 */
export async function setGatewayNodeStatus({
  db,
  actor,
  nodeId,
  status,
  now = new Date(),
}: {
  db: Db;
  actor: StaffActor;
  nodeId: string;
  status: GatewayNodeStatus;
  now?: Date;
}): Promise<AdminNode> {
  await db.transaction(async (tx) => {
    const node = await lockGatewayNode(tx, nodeId);
    if (!node) throw new AppError('nodeNotFound');
    if (node.status === status) {
      throw new AppError(status === 'disabled' ? 'nodeAlreadyDisabled' : 'nodeNotDisabled');
    }
    await updateGatewayNode(tx, nodeId, { status });
    await recordAudit({
      tx,
      actor,
      action: status === 'disabled' ? 'node.disable' : 'node.enable',
      target: { type: 'node', id: nodeId },
      changes: { status: { before: node.status, after: status } },
    });
  });
  return requireAdminNode(db, nodeId, now);
}
