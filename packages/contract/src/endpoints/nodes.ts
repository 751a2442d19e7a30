import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import {
  byteCountSchema,
  int4Schema,
  MAX_SAFE_BYTES,
  queryInt4Schema,
  singleLineTextSchema,
} from '../validation.ts';

/** Seconds between two credential polls of a gateway node. */
export const NODE_POLL_INTERVAL_SECONDS = 3;

/** A static IP the node serves: a client reaching `ip:port` with these credentials leaves from `ip`. */
export const nodeStaticCredentialSchema = z.object({
  instanceId: z.uuid(),
  userId: z.uuid(),
  /** The address the client connects to; the egress socket binds to it. */
  ip: z.string(),
  /** HTTP and SOCKS5 share this port. */
  port: z.number().int(),
  username: z.string(),
  /** SHA-256 (hex) of the password: the node compares digests, the snapshot holds no password. */
  passwordSha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Subset of `socks5`, `http`, `vmess`. */
  protocols: z.array(z.string()),
  vmessId: z.uuid(),
  vmessPort: z.number().int(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type NodeStaticCredential = z.infer<typeof nodeStaticCredentialSchema>;

/** A customer's dynamic-proxy account (the first part of every dynamic username). */
export const nodeDynamicAccountSchema = z.object({
  userId: z.uuid(),
  account: z.string(),
  passwordSha256: z.string().regex(/^[0-9a-f]{64}$/),
  /**
   * Bytes left in the user's active traffic packages when the snapshot was made. 0 means the
   * account exists but has nothing to spend: the node refuses it as exhausted.
   */
  remainingBytes: z.number().int().min(0),
});
export type NodeDynamicAccount = z.infer<typeof nodeDynamicAccountSchema>;

/** An address of the node's dynamic pool, with the region a username can target. */
export const nodeDynamicEgressSchema = z.object({
  ip: z.string(),
  /** ISO 3166-1 alpha-2, upper case. */
  country: z.string().length(2),
  /** City code, lower case (as in the username's `-city-` part). */
  city: z.string(),
});
export type NodeDynamicEgress = z.infer<typeof nodeDynamicEgressSchema>;

/**
 * A source block of a customer's IP allowlist: a client connecting from it to one of that
 * customer's static IPs on this node is served without credentials, and to the node's dynamic
 * entry with the account's default targeting. Blocks of different customers never overlap.
 */
export const nodeAllowlistEntrySchema = z.object({
  entryId: z.uuid(),
  userId: z.uuid(),
  /** Canonical CIDR (`203.0.113.7/32`, `2001:db8::/48`). */
  cidr: z.string(),
});
export type NodeAllowlistEntry = z.infer<typeof nodeAllowlistEntrySchema>;

/**
 * A sub-user of a customer's dynamic proxies: its username takes the account's place in dynamic
 * usernames, its bytes draw from the owner's packages and are metered as kind `sub_user`.
 */
export const nodeSubUserSchema = z.object({
  subUserId: z.uuid(),
  userId: z.uuid(),
  username: z.string(),
  passwordSha256: z.string().regex(/^[0-9a-f]{64}$/),
  /**
   * Bytes it may still use: the smaller of what is left under its cap and what is left in the
   * owner's packages. 0: refused as exhausted. A disabled sub-user is not in the snapshot.
   */
  remainingBytes: z.number().int().min(0),
});
export type NodeSubUser = z.infer<typeof nodeSubUserSchema>;

/** A connectivity check a customer asked for, on a static IP of this node. */
export const nodeInstanceCheckSchema = z.object({
  checkId: z.uuid(),
  instanceId: z.uuid(),
  ip: z.string(),
  port: z.number().int(),
});
export type NodeInstanceCheck = z.infer<typeof nodeInstanceCheckSchema>;

export const nodeSnapshotSchema = z.object({
  /** Changes whenever anything in the snapshot changes; the node sends it back as `since`. */
  version: z.string(),
  nodeId: z.uuid(),
  generatedAt: z.iso.datetime({ offset: true }),
  pollIntervalSeconds: z.number().int().positive(),
  staticCredentials: z.array(nodeStaticCredentialSchema),
  dynamicAccounts: z.array(nodeDynamicAccountSchema),
  dynamicEgress: z.array(nodeDynamicEgressSchema),
  /** Allowlist blocks of the customers this node serves (static IPs here, or dynamic accounts). */
  allowlist: z.array(nodeAllowlistEntrySchema),
  /** Enabled sub-users of dynamic accounts (on nodes with a dynamic pool). */
  subUsers: z.array(nodeSubUserSchema),
});
export type NodeSnapshot = z.infer<typeof nodeSnapshotSchema>;

/**
 * The vmess engine (V2Ray) of a gateway: `running` serves; `stopped` is not running because no
 * static IP of the node sells vmess now; `failed` should run but did not start or exited;
 * `absent` is not configured on the node (no V2Ray installed, or `GATEWAY_VMESS=0`).
 */
export const v2rayStates = ['running', 'stopped', 'failed', 'absent'] as const;
export type V2rayState = (typeof v2rayStates)[number];

/** A CPU share can pass 100 (percent of one core) on a machine with several cores. */
const MAX_CPU_PERCENT = 100_000;

/**
 * What a gateway says of itself with every credential poll. The operator's node list and node
 * page show it; the node counts as online while these keep arriving (`NODE_OFFLINE_AFTER_POLLS`).
 */
export const nodeHeartbeatSchema = z.object({
  /** The gateway's own version (its package.json). */
  gatewayVersion: singleLineTextSchema({ min: 1, max: 64 }),
  /** Seconds since the gateway process started. */
  uptimeSeconds: int4Schema(0),
  /** The credential snapshot version the gateway serves from; null before it has any. */
  snapshotVersion: z.string().nullable(),
  /** Client connections open on the proxy port (SOCKS5 and HTTP; V2Ray's vmess not included). */
  openConnections: int4Schema(0),
  /** Bytes per second received from clients (what they upload), since the previous poll. */
  bytesInPerSecond: byteCountSchema(),
  /** Bytes per second sent to clients (what they download), since the previous poll. */
  bytesOutPerSecond: byteCountSchema(),
  /** Usage batches spooled on the gateway's disk and not yet accepted by the API. */
  pendingUsageBatches: int4Schema(0),
  v2rayState: z.enum(v2rayStates),
  /**
   * CPU time the gateway process used since the previous poll, as a percent of the wall time
   * (of one core, as `top` shows it: a busy process on several cores passes 100).
   */
  cpuPercent: z.number().min(0).max(MAX_CPU_PERCENT),
  /** Resident memory of the gateway process (RSS), bytes. */
  memoryBytes: byteCountSchema(),
});
export type NodeHeartbeat = z.infer<typeof nodeHeartbeatSchema>;

/** Heartbeat fields as query parameters: the applied snapshot version is `since` itself. */
const heartbeatQueryFields = {
  gatewayVersion: singleLineTextSchema({ min: 1, max: 64 }).optional(),
  uptimeSeconds: queryInt4Schema(0).optional(),
  openConnections: queryInt4Schema(0).optional(),
  bytesInPerSecond: z.coerce.number<number | string>().int().min(0).max(MAX_SAFE_BYTES).optional(),
  bytesOutPerSecond: z.coerce.number<number | string>().int().min(0).max(MAX_SAFE_BYTES).optional(),
  pendingUsageBatches: queryInt4Schema(0).optional(),
  v2rayState: z.enum(v2rayStates).optional(),
  cpuPercent: z.coerce.number<number | string>().min(0).max(MAX_CPU_PERCENT).optional(),
  memoryBytes: z.coerce.number<number | string>().int().min(0).max(MAX_SAFE_BYTES).optional(),
};
type HeartbeatQueryField = keyof typeof heartbeatQueryFields;
const heartbeatQueryFieldNames = Object.keys(heartbeatQueryFields) as HeartbeatQueryField[];

/**
 * `since` plus the heartbeat, and `wait`. The heartbeat is all or nothing: a gateway from before
 * heartbeats sends none of its fields and still polls; one that sends some must send every one (a
 * missing one is refused as required, like any bad query).
 *
 * `wait` (seconds, at most one poll interval), with `since`: the API holds the poll that long
 * and answers sooner when a connectivity check of this node is asked for (at once when one is
 * pending that no earlier answer handed out). The answer is read when the hold ends, so it is as
 * fresh as one given at once. A node that sends `wait` polls again as soon as an answer comes: it
 * polls as often as before, and a check reaches it within moments.
 */
export const nodeCredentialsQuerySchema = z
  .object({
    since: singleLineTextSchema({ max: 100 }).optional(),
    wait: queryInt4Schema(1, NODE_POLL_INTERVAL_SECONDS).optional(),
    ...heartbeatQueryFields,
  })
  .superRefine((query, context) => {
    const sent = heartbeatQueryFieldNames.filter((name) => query[name] !== undefined);
    if (sent.length === 0) return;
    for (const name of heartbeatQueryFieldNames) {
      if (query[name] !== undefined) continue;
      context.addIssue({
        code: 'invalid_type',
        expected: 'string',
        path: [name],
        input: undefined,
      });
    }
  });
export type NodeCredentialsQuery = z.output<typeof nodeCredentialsQuerySchema>;

/**
 * The heartbeat a poll carried, or null when it carried none (a gateway from before heartbeats).
 * The applied snapshot version travels as `since`, as it always did.
 */
export function heartbeatOfQuery(query: NodeCredentialsQuery): NodeHeartbeat | null {
  const { since, wait: _wait, ...fields } = query;
  if (fields.gatewayVersion === undefined) return null;
  return nodeHeartbeatSchema.parse({ ...fields, snapshotVersion: since ?? null });
}

/**
 * What a gateway node may serve, with its key (`Authorization: Bearer gnk_…`). With `since` equal
 * to the current version the answer is `{unchanged: true, snapshot: null}`, so a polling node
 * downloads the snapshot only when it changed. Every poll carries the node's heartbeat
 * (`nodeCredentialsQuerySchema`), which the API records.
 */
export const getNodeCredentials = defineEndpoint({
  method: 'GET',
  path: '/node/credentials',
  summary: 'Credential snapshot of a gateway node (only when changed since `since`)',
  tag: 'node',
  access: 'node',
  errors: [],
  query: nodeCredentialsQuerySchema,
  response: z.object({
    version: z.string(),
    unchanged: z.boolean(),
    snapshot: nodeSnapshotSchema.nullable(),
    /**
     * Pending connectivity checks of this node's static IPs, with every poll (changed or not);
     * the node runs each and reports it with `reportNodeInstanceCheck`.
     */
    checks: z.array(nodeInstanceCheckSchema),
  }),
});

/** Why a connectivity check failed, as the gateway found it. */
export const instanceCheckFailures = [
  /** Nothing accepted a connection on the instance's address and port. */
  'listening',
  /** The proxy accepted but the request through it to the check target failed. */
  'egress',
  /** The check target saw another source address than the instance's IP. */
  'wrongEgress',
  /** No answer within the gateway's time limit. */
  'timeout',
] as const;
export type InstanceCheckFailure = (typeof instanceCheckFailures)[number];

/** A gateway's report of one connectivity check; a check already reported is left as it was. */
export const reportNodeInstanceCheck = defineEndpoint({
  method: 'POST',
  path: '/node/checks/:checkId',
  summary: 'Result of a connectivity check the node ran',
  tag: 'node',
  access: 'node',
  errors: ['instanceCheckNotFound'],
  params: z.object({ checkId: z.uuid() }),
  body: z.object({
    ok: z.boolean(),
    failure: z.enum(instanceCheckFailures).nullable(),
    /** Round trip through the proxy to the check target, milliseconds (when ok). */
    latencyMs: int4Schema(0).nullable(),
    /** The source address the check target saw. */
    egressIp: singleLineTextSchema({ max: 64 }).nullable(),
  }),
  response: z.object({ recorded: z.boolean() }),
});
