// The one rule for a node being online (`NODE_OFFLINE_AFTER_POLLS` in the contract), in SQL for
// queries that count nodes (the dashboard) and as the cut-off time for code that has the rows.
import { NODE_OFFLINE_AFTER_SECONDS } from '@stratus/contract';
import { and, eq, gatewayNodes, gt, type SQL } from '@stratus/db';

/** A node last seen after this time is online at `now`. */
export function onlineCutoff(now: Date): Date {
  return new Date(now.getTime() - NODE_OFFLINE_AFTER_SECONDS * 1000);
}

/**
 * `gateway_nodes` rows online at `now`: active, with a poll within the last
 * `NODE_OFFLINE_AFTER_SECONDS` (a disabled node cannot poll; it is offline from the moment it is
 * disabled).
 */
export function nodeOnlineCondition(now: Date): SQL {
  return and(eq(gatewayNodes.status, 'active'), gt(gatewayNodes.lastSeenAt, onlineCutoff(now)))!;
}
