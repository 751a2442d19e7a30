// Gateway nodes and their API keys: registering a node, rotating its key, and authenticating the
// node routes by that key (the `node` guard of plugins/auth.ts).
import { randomBytes } from 'node:crypto';
import type { Db } from '@stratus/db';
import { hashToken } from '../../tokens.ts';
import {
  findGatewayNodeByKeyHash,
  findGatewayNodeByName,
  insertGatewayNode,
  replaceGatewayNodeKey,
  type GatewayNodeRow,
} from './gateway-node-repo.ts';

export type { GatewayNodeRow };

/** Node API keys start with this, so a key in a config file or a log says what it is. */
export const NODE_KEY_PREFIX = 'gnk_';

/** 32 random bytes: like session tokens, stored only as a SHA-256 hash. */
export function generateNodeKey(): string {
  return `${NODE_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** A gateway node that proved its key. */
export interface AuthenticatedNode {
  id: string;
  name: string;
}

/**
 * The active node holding `apiKey`, or null. Only keys with the node prefix are looked up, so a
 * customer's session or API token can never authenticate as a node.
 */
export async function authenticateNodeKey({
  db,
  apiKey,
}: {
  db: Db;
  apiKey: string;
}): Promise<AuthenticatedNode | null> {
  if (!apiKey.startsWith(NODE_KEY_PREFIX)) return null;
  const node = await findGatewayNodeByKeyHash(db, hashToken(apiKey));
  if (!node || node.status !== 'active') return null;
  return { id: node.id, name: node.name };
}

export type AddNodeOutcome =
  { ok: true; node: GatewayNodeRow; apiKey: string } | { ok: false; reason: 'nameTaken' };

/** Registers a gateway node; its key is returned once and only its hash is kept. */
export async function addGatewayNode({
  db,
  name,
  host,
}: {
  db: Db;
  name: string;
  host: string;
}): Promise<AddNodeOutcome> {
  const apiKey = generateNodeKey();
  const node = await insertGatewayNode(db, { name, host, apiKeyHash: hashToken(apiKey) });
  return node ? { ok: true, node, apiKey } : { ok: false, reason: 'nameTaken' };
}

/** A new key for an existing node (the old one stops working); undefined when there is no such node. */
export async function rotateGatewayNodeKey({
  db,
  name,
  apiKey = generateNodeKey(),
}: {
  db: Db;
  name: string;
  /** Installs this key rather than a generated one (`npm start` hands its demo gateway one). */
  apiKey?: string;
}): Promise<string | undefined> {
  const replaced = await replaceGatewayNodeKey(db, { name, apiKeyHash: hashToken(apiKey) });
  return replaced ? apiKey : undefined;
}

/** The node named `name`, whatever its status. */
export async function findGatewayNode({
  db,
  name,
}: {
  db: Db;
  name: string;
}): Promise<GatewayNodeRow | undefined> {
  return findGatewayNodeByName(db, name);
}
