import {
  and,
  apiKeys,
  desc,
  eq,
  gt,
  isNull,
  or,
  preparedPerDatabase,
  sql,
  users,
  type Db,
  type Tx,
  type UserRole,
} from '@stratus/db';
import type { ApiKeyScope } from '@stratus/contract';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A row with whether it has expired by the database's clock. */
export interface ApiKeyListing {
  row: ApiKeyRow;
  expired: boolean;
}

const expiredNow = sql<boolean>`coalesce(${apiKeys.expiresAt} <= now(), false)`;

/** A user's keys, newest first. */
export async function listApiKeysOfUser(db: Db, userId: string): Promise<ApiKeyListing[]> {
  return db
    .select({ row: apiKeys, expired: expiredNow })
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/**
 * Locks the user's row until `tx` ends, then counts their live keys (not revoked, not expired):
 * two concurrent creations take turns, so the second sees the first's key and the limit holds.
 */
export async function countLiveApiKeysLocked(tx: Tx, userId: string): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.userId, userId),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
      ),
    );
  return row?.count ?? 0;
}

export async function insertApiKey(
  tx: Tx,
  values: {
    userId: string;
    name: string;
    keyHash: string;
    keyPrefix: string;
    scopes: ApiKeyScope[];
    allowedSources: string[];
    expiresAt: Date | null;
  },
): Promise<ApiKeyListing> {
  const [row] = await tx.insert(apiKeys).values(values).returning();
  if (!row) throw new Error('API key insert returned no row');
  return { row, expired: false };
}

/**
 * Revokes the user's key (once: a revoked key keeps its first time); undefined when the user has
 * no key with this id.
 */
export async function revokeApiKeyOfUser(
  tx: Tx,
  { userId, id }: { userId: string; id: string },
): Promise<ApiKeyListing | undefined> {
  await tx
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  const [found] = await tx
    .select({ row: apiKeys, expired: expiredNow })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)));
  return found;
}

export interface ApiKeyOwner {
  keyId: string;
  userId: string;
  role: UserRole;
  scopes: ApiKeyScope[];
  allowedSources: string[];
  /** The last-use time is old enough (or missing) to be worth writing again. */
  stale: boolean;
  /** Milliseconds until the key expires by the database's clock; null when it never does. */
  lifetimeMs: number | null;
}

const selectLiveApiKey = preparedPerDatabase((db: Db) =>
  db
    .select({
      keyId: apiKeys.id,
      userId: apiKeys.userId,
      role: users.role,
      scopes: apiKeys.scopes,
      allowedSources: apiKeys.allowedSources,
      stale: sql<boolean>`coalesce(${apiKeys.lastUsedAt} < now() - interval '1 minute', true)`,
      lifetimeMs: sql<
        number | null
      >`(extract(epoch from ${apiKeys.expiresAt} - now()) * 1000)::float8`,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(
      and(
        eq(apiKeys.keyHash, sql.placeholder('keyHash')),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
        isNull(users.disabledAt),
      ),
    )
    .prepare('find_live_api_key'),
);

/** The live key with this hash: not revoked, not expired, its owner enabled. */
export async function findLiveApiKey(db: Db, keyHash: string): Promise<ApiKeyOwner | undefined> {
  const [found] = await selectLiveApiKey(db).execute({ keyHash });
  if (!found) return undefined;
  return { ...found, scopes: found.scopes as ApiKeyScope[] };
}

/** Records use of a key; callers throttle it to about once a minute. */
export async function touchApiKey(db: Db, { id, ip }: { id: string; ip: string }): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()`, lastUsedIp: ip })
    .where(eq(apiKeys.id, id));
}
