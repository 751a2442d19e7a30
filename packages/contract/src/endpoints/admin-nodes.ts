// The operator's gateway nodes: their states and what each reports with every poll.

/** An `active` node may poll and serve; a `disabled` node's key is refused. */
export const gatewayNodeStatuses = ['active', 'disabled'] as const;
export type GatewayNodeStatus = (typeof gatewayNodeStatuses)[number];

/**
 * A node is offline when no heartbeat (each credential poll carries one) arrived for three poll
 * intervals (`NODE_POLL_INTERVAL_SECONDS`, 3 s): the node list, the node page and the dashboard
 * all use this one rule.
 */
export const NODE_OFFLINE_AFTER_POLLS = 3;
