// Scoped API keys: named keys beside the personal token, each with scopes, optional source
// addresses and an optional expiry. The key is shown once and stored as its SHA-256; revoking one
// drops every server's cached authentications of the owner (`authChanged`), like a sign-out.
import { API_KEYS_MAX, type ApiKey, type ApiKeyScope } from '@stratus/contract';
import type { Db, UserRole } from '@stratus/db';
import { announceChange, authChanged, deliverChangeLocally } from '../../change-notifications.ts';
import { AppError } from '../../errors.ts';
import { blockContainsAddress, formatBlock, parseBlock } from '../../ip-blocks.ts';
import { generateApiKey, hashToken } from '../../tokens.ts';
import {
  countLiveApiKeysLocked,
  findLiveApiKey,
  insertApiKey,
  listApiKeysOfUser,
  revokeApiKeyOfUser,
  touchApiKey,
  type ApiKeyListing,
} from './repo.ts';

/** Characters of a key kept to tell it apart: `sk_` and seven of its random ones. */
const DISPLAY_PREFIX_LENGTH = 10;

function toApiKey({ row, expired }: ApiKeyListing): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.keyPrefix,
    scopes: row.scopes as ApiKeyScope[],
    allowedSources: row.allowedSources,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    state: row.revokedAt ? 'revoked' : expired ? 'expired' : 'active',
  };
}

export async function listApiKeys({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<{ items: ApiKey[]; max: number }> {
  const rows = await listApiKeysOfUser(db, userId);
  return { items: rows.map(toApiKey), max: API_KEYS_MAX };
}

/** Sources as canonical CIDR blocks, each once, in the order given; refuses one that is neither. */
function canonicalSources(sources: string[]): string[] {
  const blocks = sources.map((source) => {
    const parsed = parseBlock(source);
    if (!parsed) throw new AppError('apiKeySourceInvalid', { source }, { field: 'allowedSources' });
    return formatBlock(parsed.block);
  });
  return [...new Set(blocks)];
}

export async function createApiKey({
  db,
  userId,
  input,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  input: {
    name: string;
    scopes: ApiKeyScope[];
    allowedSources: string[];
    expiresAt: string | null;
  };
  now?: Date;
}): Promise<ApiKey & { key: string }> {
  const allowedSources = canonicalSources(input.allowedSources);
  const expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt);
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw new AppError('apiKeyExpiryInPast', {}, { field: 'expiresAt' });
  }
  const key = generateApiKey();
  const listing = await db.transaction(async (tx) => {
    const live = await countLiveApiKeysLocked(tx, userId);
    if (live >= API_KEYS_MAX) throw new AppError('apiKeyLimitReached', { max: API_KEYS_MAX });
    return insertApiKey(tx, {
      userId,
      name: input.name,
      keyHash: hashToken(key),
      keyPrefix: key.slice(0, DISPLAY_PREFIX_LENGTH),
      // In the contract's order, whatever order they came in.
      scopes: (['read', 'purchase', 'manage'] as const).filter((scope) =>
        input.scopes.includes(scope),
      ),
      allowedSources,
      expiresAt,
    });
  });
  return { ...toApiKey(listing), key };
}

/**
 * Revokes a key of the caller's: from the next request on it is refused (401) on this server at
 * once and on the others by the change bus. Revoking a revoked key answers it as it is.
 */
export async function revokeApiKey({
  db,
  userId,
  id,
}: {
  db: Db;
  userId: string;
  id: string;
}): Promise<ApiKey> {
  const change = authChanged(userId);
  const listing = await db.transaction(async (tx) => {
    // Another account's key answers exactly like a missing one.
    const found = await revokeApiKeyOfUser(tx, { userId, id });
    if (!found) throw new AppError('apiKeyNotFound');
    await announceChange(tx, change);
    return found;
  });
  deliverChangeLocally(db, change);
  return toApiKey(listing);
}

/** What a presented key authenticates as: its owner, with the key's scopes and sources. */
export interface ApiKeyAuthentication {
  keyId: string;
  userId: string;
  role: UserRole;
  scopes: ApiKeyScope[];
  allowedSources: string[];
  /** Milliseconds until the key expires; null when it never does. */
  lifetimeMs: number | null;
}

/**
 * The live key behind `key` (not revoked, not expired, owner enabled), or null. Its last use is
 * written at most about once a minute, with the address it came from.
 */
export async function authenticateApiKey({
  db,
  key,
  address,
}: {
  db: Db;
  key: string;
  address: string | undefined;
}): Promise<ApiKeyAuthentication | null> {
  const found = await findLiveApiKey(db, hashToken(key));
  if (!found) return null;
  if (found.stale && address) await touchApiKey(db, { id: found.keyId, ip: address });
  const { stale: _stale, ...auth } = found;
  return auth;
}

/** Whether a key with these sources may be used from `address` (any address when none). */
export function isSourceAllowed(allowedSources: readonly string[], address: string): boolean {
  return (
    allowedSources.length === 0 ||
    allowedSources.some((block) => blockContainsAddress(block, address))
  );
}
