// The caller's devices: the live sessions (sign one or all others out, on every server at once)
// and the sign-in history of the last 90 days.
import {
  SESSIONS_LIST_MAX,
  SIGN_IN_HISTORY_DAYS,
  type Page,
  type SecuritySession,
  type SessionDevice,
  type SignInHistoryEntry,
} from '@stratus/contract';
import type { Db } from '@stratus/db';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { authChanged, deliverChangeLocally } from '../../change-notifications.ts';
import {
  deleteSignInEventsOlderThan,
  parseUserAgent,
  revokeLiveSessionsExcept,
  revokeSessionOfUser,
} from '../auth/public.ts';
import { listLiveSessions, listRecentSignIns } from './repo.ts';

/** Who is asking: the account, and the session making the request (null for an API token). */
export interface Caller {
  userId: string;
  sessionId: string | null;
}

const idleSecondsOf = (config: Config) => config.sessions.idleHours * 3600;

function deviceOf(userAgent: string | null): SessionDevice {
  const { browser, system } = parseUserAgent(userAgent ?? '');
  return { browser: browser ?? null, system: system ?? null };
}

/** The caller's live sessions, most recently used first, the one making the request marked. */
export async function listSessions({
  db,
  config,
  caller,
}: {
  db: Db;
  config: Config;
  caller: Caller;
}): Promise<{ items: SecuritySession[]; total: number }> {
  const { rows, total } = await listLiveSessions(db, {
    userId: caller.userId,
    idleSeconds: idleSecondsOf(config),
    limit: SESSIONS_LIST_MAX,
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      device: deviceOf(row.userAgent),
      userAgent: row.userAgent,
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      secondFactor: row.secondFactor,
      current: row.id === caller.sessionId,
    })),
    total,
  };
}

/**
 * Signs one of the caller's sessions out. Announced with the commit, so every server's session
 * cache drops the account's sessions; signing out one already signed out changes nothing. A
 * session of another account is not found, as one that does not exist.
 */
export async function revokeSession({
  db,
  caller,
  sessionId,
}: {
  db: Db;
  caller: Caller;
  sessionId: string;
}): Promise<void> {
  const { userId } = caller;
  const found = await db.transaction((tx) => revokeSessionOfUser(tx, { userId, sessionId }));
  if (!found) throw new AppError('sessionNotFound');
  deliverChangeLocally(db, authChanged(userId));
}

/** Signs out every live session of the caller but the one making the request; answers how many. */
export async function revokeOtherSessions({
  db,
  config,
  caller,
}: {
  db: Db;
  config: Config;
  caller: Caller;
}): Promise<{ revoked: number }> {
  const revoked = await db.transaction((tx) =>
    revokeLiveSessionsExcept(tx, {
      userId: caller.userId,
      keepSessionId: caller.sessionId,
      idleSeconds: idleSecondsOf(config),
    }),
  );
  deliverChangeLocally(db, authChanged(caller.userId));
  return { revoked };
}

/** One page of the caller's sign-in attempts of the last 90 days, newest first. */
export async function listSignIns({
  db,
  userId,
  page,
  pageSize,
}: {
  db: Db;
  userId: string;
  page: number;
  pageSize: number;
}): Promise<Page<SignInHistoryEntry>> {
  const { rows, total } = await listRecentSignIns(db, {
    userId,
    days: SIGN_IN_HISTORY_DAYS,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      outcome: row.outcome,
      secondFactor: row.secondFactor,
      ip: row.ip,
      device: deviceOf(row.userAgent),
      userAgent: row.userAgent,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    page,
    pageSize,
  };
}

/** Forgets sign-in attempts older than the history shows; answers how many. */
export function pruneSignInHistory(db: Db): Promise<number> {
  return deleteSignInEventsOlderThan(db, SIGN_IN_HISTORY_DAYS);
}
