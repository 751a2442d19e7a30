// Queries behind node heartbeats: recording one with each poll, reading a node's minutes, and
// pruning old minutes.
import type { NodeHeartbeat } from '@stratus/contract';
import {
  and,
  asc,
  eq,
  gatewayNodes,
  gt,
  gte,
  lt,
  lte,
  nodeHeartbeats,
  queryRows,
  sql,
  type Db,
} from '@stratus/db';

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

/** The node as it was before a poll: what tells a poll that changes something from a routine one. */
export interface PollBefore {
  /** Whether its previous poll was recent enough for it to count as online. */
  wasOnline: boolean;
  /** The snapshot version its previous heartbeat said it served; null when none. */
  appliedVersion: string | null;
  /** The V2Ray state its previous heartbeat gave; null when none. */
  v2rayState: string | null;
}

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
    onlineSince,
  }: {
    nodeId: string;
    now: Date;
    heartbeat: NodeHeartbeat | null;
    servedVersion: string;
    /** A node last seen after this time was online before this poll (`onlineCutoff`). */
    onlineSince: Date;
  },
): Promise<PollBefore> {
  // Read in the statement that records the poll, so it describes the row this poll replaced
  // (every part of one statement sees the row as it was before it).
  const before = sql`
    before as (
      select coalesce(${gatewayNodes.lastSeenAt} > ${onlineSince.toISOString()}::timestamptz, false)
          as "wasOnline",
        ${gatewayNodes.lastHeartbeat} ->> 'snapshotVersion' as "appliedVersion",
        ${gatewayNodes.lastHeartbeat} ->> 'v2rayState' as "v2rayState"
      from ${gatewayNodes} where ${gatewayNodes.id} = ${nodeId}::uuid
    )`;
  if (!heartbeat) {
    const [row] = await queryRows<PollBefore>(
      db,
      sql`with ${before}, seen as (
        update ${gatewayNodes} set last_seen_at = ${now.toISOString()}::timestamptz,
          last_heartbeat = null
        where ${gatewayNodes.id} = ${nodeId}::uuid
      )
      select * from before`,
    );
    return row ?? { wasOnline: false, appliedVersion: null, v2rayState: null };
  }
  const applied = heartbeat.snapshotVersion;
  const inSyncNow = applied === servedVersion;
  const minute = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  const previous = sql`${gatewayNodes.lastHeartbeat}`;
  const [row] = await queryRows<PollBefore>(
    db,
    sql`
    with ${before}, seen as (
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
    ),
    recorded as (
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
    )
    select * from before
  `,
  );
  return row ?? { wasOnline: false, appliedVersion: null, v2rayState: null };
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

/** Active nodes whose last poll fell in `(after, until]`, by name. */
export async function listNodesLastSeenBetween(
  db: Db,
  { after, until }: { after: Date; until: Date },
): Promise<{ id: string; name: string; host: string; lastSeenAt: Date | null }[]> {
  return db
    .select({
      id: gatewayNodes.id,
      name: gatewayNodes.name,
      host: gatewayNodes.host,
      lastSeenAt: gatewayNodes.lastSeenAt,
    })
    .from(gatewayNodes)
    .where(
      and(
        eq(gatewayNodes.status, 'active'),
        gt(gatewayNodes.lastSeenAt, after),
        lte(gatewayNodes.lastSeenAt, until),
      ),
    )
    .orderBy(asc(gatewayNodes.name));
}
