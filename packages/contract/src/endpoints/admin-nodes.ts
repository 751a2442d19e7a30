// The operator's gateway nodes: their states and what each reports with every poll.

/** An `active` node may poll and serve; a `disabled` node's key is refused. */
export const gatewayNodeStatuses = ['active', 'disabled'] as const;
export type GatewayNodeStatus = (typeof gatewayNodeStatuses)[number];
