// The IP allowlist: source addresses a customer's static IPs serve without credentials. A source
// must name one customer, so no two customers' blocks may overlap (the database's exclusion
// constraint holds it; a lost race is answered like the check).
import {
  allowlistChangeLabels,
  MAX_ALLOWLIST_ENTRIES,
  type AllowlistChange,
  type AllowlistEntry,
} from '@stratus/contract';
import { isConstraintViolation, type Db, type Tx } from '@stratus/db';
import { AppError } from '../../errors.ts';
import { queueUserMail } from '../messages/public.ts';
import { checkAllowlistBlock, type BlockProblem } from './cidr.ts';
import {
  countAllowlistEntriesLocked,
  deleteAllowlistEntry,
  findOwnOverlap,
  insertAllowlistEntry,
  listAllowlistEntries,
  type AllowlistEntryRow,
} from './repo.ts';

const EXCLUSION_VIOLATION = { code: '23P01', constraint: 'ip_allowlist_entries_cidr_excl' };

function toAllowlistEntry(row: AllowlistEntryRow): AllowlistEntry {
  return {
    id: row.id,
    cidr: row.cidr,
    note: row.note,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The address a request came from, IPv4-mapped IPv6 (`::ffff:1.2.3.4`) written as IPv4. */
export function callerAddress(ip: string): string {
  return ip.toLowerCase().startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
}

export async function listIpAllowlist({
  db,
  userId,
  requestIp,
}: {
  db: Db;
  userId: string;
  requestIp: string;
}): Promise<{ items: AllowlistEntry[]; max: number; yourAddress: string }> {
  const rows = await listAllowlistEntries(db, userId);
  return {
    items: rows.map(toAllowlistEntry),
    max: MAX_ALLOWLIST_ENTRIES,
    yourAddress: callerAddress(requestIp),
  };
}

function refusal(address: string, problem: BlockProblem): AppError {
  switch (problem.kind) {
    case 'invalid':
      return new AppError('allowlistAddressInvalid', { address });
    case 'hostBitsSet':
      return new AppError('allowlistHostBitsSet', { address, network: problem.network });
    case 'tooWide':
      return new AppError('allowlistBlockTooWide', { address });
    case 'reserved':
      return new AppError('allowlistAddressReserved', { address });
  }
}

export async function addIpAllowlistEntry({
  db,
  userId,
  address,
  note,
  production,
}: {
  db: Db;
  userId: string;
  address: string;
  note: string;
  /** Reserved ranges are refused in production only (tests connect from loopback). */
  production: boolean;
}): Promise<AllowlistEntry> {
  const checked = checkAllowlistBlock(address, { production });
  if (!checked.ok) throw refusal(address, checked.problem);
  const { cidr } = checked;
  try {
    const row = await db.transaction(async (tx) => {
      const count = await countAllowlistEntriesLocked(tx, userId);
      if (count >= MAX_ALLOWLIST_ENTRIES) {
        throw new AppError('allowlistFull', { max: MAX_ALLOWLIST_ENTRIES });
      }
      const inserted = await insertAllowlistEntry(tx, { userId, cidr, note });
      await mailAllowlistChanged(tx, { userId, change: 'added', entryId: inserted.id, cidr });
      return inserted;
    });
    return toAllowlistEntry(row);
  } catch (error) {
    if (!isConstraintViolation(error, EXCLUSION_VIOLATION)) throw error;
    // The transaction is over: which list holds the overlapping block is read afresh.
    const existing = await findOwnOverlap(db, { userId, cidr });
    if (existing) throw new AppError('allowlistOverlapsOwn', { address: cidr, existing });
    throw new AppError('allowlistTakenByAnother', { address: cidr });
  }
}

export async function removeIpAllowlistEntry({
  db,
  userId,
  id,
}: {
  db: Db;
  userId: string;
  id: string;
}): Promise<null> {
  await db.transaction(async (tx) => {
    // Another customer's entry answers exactly like a missing one.
    const cidr = await deleteAllowlistEntry(tx, { userId, id });
    if (cidr === undefined) throw new AppError('allowlistEntryNotFound');
    await mailAllowlistChanged(tx, { userId, change: 'removed', entryId: id, cidr });
  });
  return null;
}

/** `allowlist.changed` (security: mailed whatever the preferences), in the change's transaction. */
async function mailAllowlistChanged(
  tx: Tx,
  {
    userId,
    change,
    entryId,
    cidr,
  }: { userId: string; change: AllowlistChange; entryId: string; cidr: string },
): Promise<void> {
  await queueUserMail(tx, {
    userId,
    template: 'allowlist.changed',
    values: (locale) => ({ change: allowlistChangeLabels[locale][change], entry: cidr }),
    data: { change, entryId, address: cidr },
    path: '/console/ipList',
    dedupeKey: `allowlist.changed:${userId}:${entryId}:${change}`,
  });
}
