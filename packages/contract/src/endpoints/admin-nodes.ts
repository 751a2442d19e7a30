// The operator's gateway nodes: their states, what each reports with every poll, and the
// endpoints that list them, add one (its key shown once), rotate its key and disable or enable it.
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { singleLineTextSchema } from '../validation.ts';
import { ipAddressStatuses } from './admin-inventory.ts';
import { NODE_POLL_INTERVAL_SECONDS, nodeHeartbeatSchema, v2rayStates } from './nodes.ts';

/** An `active` node may poll and serve; a `disabled` node's key is refused. */
export const gatewayNodeStatuses = ['active', 'disabled'] as const;
export type GatewayNodeStatus = (typeof gatewayNodeStatuses)[number];

/**
 * A node is offline when no heartbeat (each credential poll carries one) arrived for three poll
 * intervals (`NODE_POLL_INTERVAL_SECONDS`, 3 s): the node list, the node page and the dashboard
 * all use this one rule.
 */
export const NODE_OFFLINE_AFTER_POLLS = 3;

/** `NODE_OFFLINE_AFTER_POLLS` poll intervals, in seconds (9). */
export const NODE_OFFLINE_AFTER_SECONDS = NODE_OFFLINE_AFTER_POLLS * NODE_POLL_INTERVAL_SECONDS;

/** Whether a node last seen at `lastSeenAt` (null: never) counts as online at `now`. */
export function isNodeOnline(lastSeenAt: Date | string | null, now: Date): boolean {
  if (lastSeenAt === null) return false;
  const seen = typeof lastSeenAt === 'string' ? Date.parse(lastSeenAt) : lastSeenAt.getTime();
  return now.getTime() - seen < NODE_OFFLINE_AFTER_SECONDS * 1000;
}

/** How long the node page's charts look back, and how long heartbeats are kept (a week). */
export const NODE_HEARTBEAT_SERIES_HOURS = 24;
export const NODE_HEARTBEAT_RETENTION_DAYS = 7;

/** Letters, digits, dots, dashes and underscores, at most 64: `tokyo-1`. */
export const nodeNameSchema = singleLineTextSchema({ min: 1, max: 64 }).regex(
  /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
  'nodeName',
);

const ipv4 = z.ipv4();
const ipv6 = z.ipv6();
const hostname = z.hostname();

/** The node machine's public IP address or host name (lower case). */
export const nodeHostSchema = singleLineTextSchema({ min: 1, max: 253 })
  .toLowerCase()
  .refine(
    (host) =>
      ipv4.safeParse(host).success ||
      ipv6.safeParse(host).success ||
      (hostname.safeParse(host).success && /^[a-z0-9.-]+$/.test(host)),
    { message: 'nodeHost' },
  );

/**
 * How the node's snapshot compares with what the API would hand it: in sync when the version it
 * applied is the current one or the one it was handed at its previous poll (a change between two
 * polls is no lag); otherwise behind since the first poll that found it so.
 */
export const nodeSnapshotLagSchema = z.object({
  inSync: z.boolean(),
  /** ISO 8601 time of the first poll that found the node behind; null while in sync. */
  behindSince: z.string().nullable(),
  /** Seconds from `behindSince` to now (0 while in sync). */
  lagSeconds: z.number().int().min(0),
});
export type NodeSnapshotLag = z.infer<typeof nodeSnapshotLagSchema>;

/** A gateway node as the node list shows it. */
export const adminNodeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  host: z.string(),
  status: z.enum(gatewayNodeStatuses),
  /** ISO 8601 time the node was added. */
  createdAt: z.string(),
  /** ISO 8601 time of the node's latest poll; null before its first. */
  lastSeenAt: z.string().nullable(),
  /** A poll arrived within `NODE_OFFLINE_AFTER_SECONDS` (`isNodeOnline`). */
  online: z.boolean(),
  /** The latest heartbeat; null before the first (or from a gateway that sends none). */
  heartbeat: nodeHeartbeatSchema.nullable(),
  /** Null until a heartbeat arrived. */
  snapshotLag: nodeSnapshotLagSchema.nullable(),
  /** The node's addresses in each state. */
  ipCounts: z.record(z.enum(ipAddressStatuses), z.number().int().min(0)),
});
export type AdminNode = z.infer<typeof adminNodeSchema>;

/** One minute of a node's heartbeats (the last one that minute). */
export const nodeHeartbeatPointSchema = z.object({
  /** ISO 8601 start of the minute. */
  minute: z.string(),
  openConnections: z.number().int(),
  bytesInPerSecond: z.number().int(),
  bytesOutPerSecond: z.number().int(),
  pendingUsageBatches: z.number().int(),
  cpuPercent: z.number(),
  memoryBytes: z.number().int(),
  v2rayState: z.enum(v2rayStates),
});
export type NodeHeartbeatPoint = z.infer<typeof nodeHeartbeatPointSchema>;

/** One node's page: the list row and its last `NODE_HEARTBEAT_SERIES_HOURS` hours by minute. */
export const adminNodeDetailSchema = adminNodeSchema.extend({
  /** Minutes that had a heartbeat, oldest first (a minute without one is absent). */
  series: z.array(nodeHeartbeatPointSchema),
});
export type AdminNodeDetail = z.infer<typeof adminNodeDetailSchema>;

/**
 * A node key, answered once, with how to start the gateway on the node: the environment
 * variables (`GATEWAY_API_URL`, `GATEWAY_NODE_KEY`, `GATEWAY_NODE_ID`) and the shell command.
 */
export const nodeKeyIssuedSchema = z.object({
  node: adminNodeSchema,
  /** The node's API key (`gnk_…`); only its hash is stored, so it is never answered again. */
  apiKey: z.string(),
  environment: z.array(z.object({ name: z.string(), value: z.string() })),
  /** `GATEWAY_API_URL=… GATEWAY_NODE_KEY=… GATEWAY_NODE_ID=… npm run gateway`. */
  command: z.string(),
});
export type NodeKeyIssued = z.infer<typeof nodeKeyIssuedSchema>;

const nodeParams = z.object({ id: z.uuid() });

export const listAdminNodes = defineEndpoint({
  method: 'GET',
  path: '/admin/nodes',
  summary: 'Every gateway node with its latest heartbeat, online state, snapshot lag and IPs',
  tag: 'admin',
  access: 'staff',
  permission: 'nodes.read',
  errors: [],
  response: z.object({ items: z.array(adminNodeSchema) }),
});

export const getAdminNode = defineEndpoint({
  method: 'GET',
  path: '/admin/nodes/:id',
  summary: 'One gateway node with its last 24 hours of heartbeats, minute by minute',
  tag: 'admin',
  access: 'staff',
  permission: 'nodes.read',
  errors: ['nodeNotFound'],
  params: nodeParams,
  response: adminNodeDetailSchema,
});

export const createAdminNode = defineEndpoint({
  method: 'POST',
  path: '/admin/nodes',
  summary: 'Add a gateway node: its key is answered once, with the command that starts its gateway',
  tag: 'admin',
  access: 'staff',
  permission: 'nodes.manage',
  stepUp: true,
  errors: ['nodeNameTaken'],
  body: z.object({ name: nodeNameSchema, host: nodeHostSchema }),
  response: nodeKeyIssuedSchema,
});

export const rotateAdminNodeKey = defineEndpoint({
  method: 'POST',
  path: '/admin/nodes/:id/rotate-key',
  summary: 'Give a node a new key (answered once); the old key is refused at once',
  tag: 'admin',
  access: 'staff',
  permission: 'nodes.manage',
  stepUp: true,
  errors: ['nodeNotFound'],
  params: nodeParams,
  response: nodeKeyIssuedSchema,
});

export const disableAdminNode = defineEndpoint({
  method: 'POST',
  path: '/admin/nodes/:id/disable',
  summary:
    'Disable a node: its key is refused, so it gets no new credentials and its usage waits on its disk',
  tag: 'admin',
  access: 'staff',
  permission: 'nodes.manage',
  errors: ['nodeNotFound', 'nodeAlreadyDisabled'],
  params: nodeParams,
  response: adminNodeSchema,
});

export const enableAdminNode = defineEndpoint({
  method: 'POST',
  path: '/admin/nodes/:id/enable',
  summary: 'Enable a disabled node: its key works again from its next poll',
  tag: 'admin',
  access: 'staff',
  permission: 'nodes.manage',
  errors: ['nodeNotFound', 'nodeNotDisabled'],
  params: nodeParams,
  response: adminNodeSchema,
});
