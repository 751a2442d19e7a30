// What changes about a gateway node, as single info lines. Its routine polls log at debug
// (plugins/request-log.ts): a node polls every few seconds, and the log should say when
// something happened, not that nothing did.
import type { NodeHeartbeat } from '@stratus/contract';
import type { Db } from '@stratus/db';
import { mailTime, queueStaffMail } from '../messages/public.ts';
import { listNodesLastSeenBetween, type PollBefore } from './heartbeat-repo.ts';
import { onlineCutoff } from './online.ts';

/** Where the lines go: a request's or the app's logger. */
export interface NodeStateLog {
  info(fields: object, message: string): void;
}

/**
 * One line when this poll changed the node's state: it came online (its first poll, or the first
 * after it was offline), or, already online, it serves a snapshot version it did not before.
 */
export function logPollStateChange({
  log,
  node,
  before,
  heartbeat,
}: {
  log: NodeStateLog;
  node: { id: string; name: string };
  before: PollBefore;
  heartbeat: NodeHeartbeat | null;
}): void {
  const snapshotVersion = heartbeat?.snapshotVersion ?? null;
  const fields = { node: node.name, nodeId: node.id, snapshotVersion };
  if (!before.wasOnline) {
    log.info(fields, `gateway node ${node.name} is online`);
  } else if (snapshotVersion !== null && snapshotVersion !== before.appliedVersion) {
    log.info(fields, `gateway node ${node.name} applied snapshot ${snapshotVersion}`);
  }
}

/**
 * One line per node that went offline in `(since, now]`: its last poll became too old to count
 * as online in that window. Each server that runs it says so once (nothing is claimed: the line
 * is information, not work). Whoever runs the nodes is mailed `node.offline`, once per outage
 * however many servers see it: the key names the node and its last poll.
 */
export async function logNodesGoneOffline({
  db,
  log,
  since,
  now,
}: {
  db: Db;
  log: NodeStateLog;
  since: Date;
  now: Date;
}): Promise<void> {
  const gone = await listNodesLastSeenBetween(db, {
    after: onlineCutoff(since),
    until: onlineCutoff(now),
  });
  for (const node of gone) {
    log.info(
      { node: node.name, nodeId: node.id, lastSeenAt: node.lastSeenAt?.toISOString() ?? null },
      `gateway node ${node.name} is offline`,
    );
    const lastSeenAt = node.lastSeenAt ?? now;
    await queueStaffMail(db, {
      permission: 'nodes.manage',
      template: 'node.offline',
      values: { node: node.name, host: node.host, lastSeenAt: mailTime(lastSeenAt) },
      data: { nodeId: node.id, node: node.name, lastSeenAt: lastSeenAt.toISOString() },
      path: `/admin/nodes/${node.id}`,
      dedupeKey: `node.offline:${node.id}:${lastSeenAt.toISOString()}`,
    });
  }
}
