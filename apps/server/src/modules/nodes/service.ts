// What a gateway node may serve: its credential snapshot, versioned by content so that a polling
// node downloads it only when something changed.
import { createHash } from 'node:crypto';
import { NODE_POLL_INTERVAL_SECONDS, type NodeSnapshot } from '@stratus/contract';
import type { Db } from '@stratus/db';
import { toJsonBytes } from '../usage/byte-count.ts';
import { listDynamicAccounts, listDynamicEgress, listStaticCredentials } from './repo.ts';

// Usage metering charges dynamic traffic only to nodes that serve a dynamic pool.
export { hasDynamicPool } from './repo.ts';

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

type SnapshotBody = Omit<NodeSnapshot, 'version' | 'generatedAt'>;

async function buildSnapshotBody(db: Db, nodeId: string, now: Date): Promise<SnapshotBody> {
  const [statics, accounts, egress] = await Promise.all([
    listStaticCredentials(db, { nodeId, now }),
    listDynamicAccounts(db, { now }),
    listDynamicEgress(db, { nodeId }),
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
  };
}

/**
 * The node's snapshot, or only its version when the node already holds it (`since`). The version
 * is a digest of the content, so any change (a purchase, an expiry, a password reset, usage that
 * moves a remaining byte count) gives a new one, and every API server computes the same version.
 */
export async function getNodeCredentials({
  db,
  nodeId,
  since,
  now = new Date(),
}: {
  db: Db;
  nodeId: string;
  since?: string;
  now?: Date;
}): Promise<{ version: string; unchanged: boolean; snapshot: NodeSnapshot | null }> {
  const body = await buildSnapshotBody(db, nodeId, now);
  const version = sha256Hex(JSON.stringify(body)).slice(0, 32);
  if (since === version) return { version, unchanged: true, snapshot: null };
  return {
    version,
    unchanged: false,
    snapshot: { version, generatedAt: now.toISOString(), ...body },
  };
}
