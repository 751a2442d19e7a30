// Queries behind node heartbeats: recording one with each poll, reading a node's minutes, and
// pruning old minutes.
import type { NodeHeartbeat } from '@stratus/contract';
import { and, asc, eq, gatewayNodes, gte, lt, nodeHeartbeats, sql, type Db } from '@stratus/db';

/**
 * `gateway_nodes.last_heartbeat`: the heartbeat as the node sent it, and what the API worked out
 * about its snapshot at that poll.
 */
export interface StoredHeartbeat extends NodeHeartbeat {
  /** The version the API answered at that poll (the node should apply it by the next one). */
  servedVersion: string;
  /** ISO 8601 time of the first poll that found the node behind; null while in sync. */
  snapshotBehindSince: string | null;
}

const MINUTE_MS = 60_000;

/**
 * Records a poll in one statement: the node's `last_seen_at`, its latest heartbeat (null when
 * the poll carried none: an older gateway's stale figures would mislead), and the heartbeat's
 * row for the current minute (the minute's last heartbeat wins).
 *
 * The node is in sync when the version it applied is the one served now or the one it was
 * served at its previous poll (the content may change between two polls: that is no lag);
 * otherwise it is behind since the first poll that found it so, which the statement keeps.
 */
export async function recordNodePoll(
  db: Db,
  {
    nodeId,
    now,
    heartbeat,
    servedVersion,
  }: { nodeId: string; now: Date; heartbeat: NodeHeartbeat | null; servedVersion: string },
): Promise<void> {
  if (!heartbeat) {
    await db
      .update(gatewayNodes)
      .set({ lastSeenAt: now, lastHeartbeat: null })
      .where(eq(gatewayNodes.id, nodeId));
    return;
  }
  const applied = heartbeat.snapshotVersion;
  const inSyncNow = applied === servedVersion;
  const minute = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  const previous = sql`${gatewayNodes.lastHeartbeat}`;
  await db.execute(sql`
    with seen as (
      update ${gatewayNodes}
      set last_seen_at = ${now.toISOString()}::timestamptz,
        last_heartbeat = ${JSON.stringify(heartbeat)}::jsonb || jsonb_build_object(
          'servedVersion', ${servedVersion}::text,
          'snapshotBehindSince',
          case
            when ${inSyncNow}::boolean or ${previous} ->> 'servedVersion' = ${applied}::text
              then null
            else coalesce(${previous} -> 'snapshotBehindSince', to_jsonb(${now.toISOString()}::text))
          end
        )
      where ${gatewayNodes.id} = ${nodeId}::uuid
      returning ${gatewayNodes.id} as node_id
    )
    insert into ${nodeHeartbeats} (
      node_id, minute, gateway_version, uptime_seconds, snapshot_version, open_connections,
      bytes_in_per_second, bytes_out_per_second, pending_usage_batches, v2ray_state,
      cpu_percent, memory_bytes
    )
    select node_id, ${minute.toISOString()}::timestamptz, ${heartbeat.gatewayVersion},
      ${heartbeat.uptimeSeconds}::integer, ${applied}::text, ${heartbeat.openConnections}::integer,
      ${heartbeat.bytesInPerSecond}::bigint, ${heartbeat.bytesOutPerSecond}::bigint,
      ${heartbeat.pendingUsageBatches}::integer, ${heartbeat.v2rayState},
      ${heartbeat.cpuPercent}::real, ${heartbeat.memoryBytes}::bigint
    from seen
    on conflict (node_id, minute) do update set
      gateway_version = excluded.gateway_version,
      uptime_seconds = excluded.uptime_seconds,
      snapshot_version = excluded.snapshot_version,
      open_connections = excluded.open_connections,
      bytes_in_per_second = excluded.bytes_in_per_second,
      bytes_out_per_second = excluded.bytes_out_per_second,
      pending_usage_batches = excluded.pending_usage_batches,
      v2ray_state = excluded.v2ray_state,
      cpu_percent = excluded.cpu_percent,
      memory_bytes = excluded.memory_bytes
  `);
}

export type HeartbeatMinuteRow = typeof nodeHeartbeats.$inferSelect;

/** The node's minutes from `since` on, oldest first. */
export async function listHeartbeatMinutes(
  db: Db,
  { nodeId, since }: { nodeId: string; since: Date },
): Promise<HeartbeatMinuteRow[]> {
  return db
    .select()
    .from(nodeHeartbeats)
    .where(and(eq(nodeHeartbeats.nodeId, nodeId), gte(nodeHeartbeats.minute, since)))
    .orderBy(asc(nodeHeartbeats.minute));
}

/** Deletes every node's minutes before `before`; answers how many went. */
export async function deleteHeartbeatsBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(nodeHeartbeats)
    .where(lt(nodeHeartbeats.minute, before))
    .returning({ nodeId: nodeHeartbeats.nodeId });
  return deleted.length;
}
