import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { singleLineTextSchema } from '../validation.ts';

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

export const nodeSnapshotSchema = z.object({
  /** Changes whenever anything in the snapshot changes; the node sends it back as `since`. */
  version: z.string(),
  nodeId: z.uuid(),
  generatedAt: z.iso.datetime({ offset: true }),
  pollIntervalSeconds: z.number().int().positive(),
  staticCredentials: z.array(nodeStaticCredentialSchema),
  dynamicAccounts: z.array(nodeDynamicAccountSchema),
  dynamicEgress: z.array(nodeDynamicEgressSchema),
});
export type NodeSnapshot = z.infer<typeof nodeSnapshotSchema>;

/**
 * What a gateway node may serve, with its key (`Authorization: Bearer gnk_…`). With `since` equal
 * to the current version the answer is `{unchanged: true, snapshot: null}`, so a polling node
 * downloads the snapshot only when it changed.
 */
export const getNodeCredentials = defineEndpoint({
  method: 'GET',
  path: '/node/credentials',
  summary: 'Credential snapshot of a gateway node (only when changed since `since`)',
  tag: 'node',
  access: 'node',
  query: z.object({ since: singleLineTextSchema({ max: 100 }).optional() }),
  response: z.object({
    version: z.string(),
    unchanged: z.boolean(),
    snapshot: nodeSnapshotSchema.nullable(),
  }),
});
