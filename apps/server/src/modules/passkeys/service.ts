// The account's passkeys: adding one (a WebAuthn registration), naming, listing and removing
// them. The ceremonies and checks are the auth module's; the credentials are kept by users.
import { PASSKEYS_MAX, type CeremonyOptions, type Passkey } from '@stratus/contract';
import type { PasskeyRegistrationResponse } from '@stratus/contract';
import type { Db } from '@stratus/db';
import { AppError } from '../../errors.ts';
import {
  checkRegistration,
  countUnusedRecoveryCodes,
  deleteRecoveryCodes,
  issueRecoveryCodes,
  startRegistrationCeremony,
  useCeremonyOf,
  type RelyingParty,
} from '../auth/public.ts';
import {
  accountFactorsOf,
  countPasskeysOfUser,
  deletePasskeyOfUser,
  insertPasskey,
  listPasskeysOfUser,
  lockUser,
  queueSecurityNotice,
  renamePasskeyOfUser,
  requireUser,
  type PasskeyRow,
} from '../users/public.ts';

function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    deviceType: row.deviceType === 'multiDevice' ? 'multiDevice' : 'singleDevice',
    backedUp: row.backedUp,
  };
}

export async function listPasskeys({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<{ items: Passkey[] }> {
  return { items: (await listPasskeysOfUser(db, userId)).map(toPasskey) };
}

/** Options to add a passkey; refused once the account has PASSKEYS_MAX. */
export async function startPasskeyRegistration({
  db,
  rp,
  userId,
}: {
  db: Db;
  rp: RelyingParty;
  userId: string;
}): Promise<CeremonyOptions> {
  const user = await requireUser(db, userId);
  const existing = await listPasskeysOfUser(db, userId);
  if (existing.length >= PASSKEYS_MAX) {
    throw new AppError('tooManyPasskeys', { max: PASSKEYS_MAX });
  }
  return startRegistrationCeremony(db, { rp, user, existing });
}

/**
 * Adds the passkey the browser made. The ceremony (this account's, unused, within 5 minutes) is
 * used in the transaction that stores the passkey; the account's row is locked there, so the
 * limit holds against parallel additions. The first factor of an account without unused
 * recovery codes brings a new set, answered once.
 */
export async function finishPasskeyRegistration({
  db,
  rp,
  userId,
  name,
  response,
}: {
  db: Db;
  rp: RelyingParty;
  userId: string;
  name: string;
  response: PasskeyRegistrationResponse;
}): Promise<{ passkey: Passkey; recoveryCodes?: string[] }> {
  return db.transaction(async (tx) => {
    const ceremony = await useCeremonyOf(tx, { response, purpose: 'registration' });
    if (ceremony.userId !== userId) throw new AppError('passkeyCeremonyExpired');
    const user = await lockUser(tx, userId);
    if (!user) throw new AppError('unauthorized');
    const credential = await checkRegistration({ rp, challenge: ceremony.challenge, response });
    if (!credential) throw new AppError('passkeyVerificationFailed');
    if ((await countPasskeysOfUser(tx, userId)) >= PASSKEYS_MAX) {
      throw new AppError('tooManyPasskeys', { max: PASSKEYS_MAX });
    }
    const firstFactor = (await accountFactorsOf(tx, user)).length === 0;
    const row = await insertPasskey(tx, { userId, name, ...credential });
    if (!row) throw new AppError('passkeyAlreadyRegistered');
    await queueSecurityNotice(tx, { user, change: 'passkey_added' });
    // A lost device must not lock the owner out: the first factor comes with recovery codes.
    const needsCodes = firstFactor && (await countUnusedRecoveryCodes(tx, userId)) === 0;
    if (!needsCodes) return { passkey: toPasskey(row) };
    return { passkey: toPasskey(row), recoveryCodes: await issueRecoveryCodes(tx, userId) };
  });
}

export async function renamePasskey({
  db,
  userId,
  id,
  name,
}: {
  db: Db;
  userId: string;
  id: string;
  name: string;
}): Promise<Passkey> {
  const row = await renamePasskeyOfUser(db, { userId, id, name });
  if (!row) throw new AppError('passkeyNotFound');
  return toPasskey(row);
}

/**
 * Removes a passkey (the route asks for a fresh factor first). Like switching the app off, it may
 * be the last factor; the recovery codes then go too. The owner is mailed a notice.
 */
export async function removePasskey({
  db,
  userId,
  id,
}: {
  db: Db;
  userId: string;
  id: string;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw new AppError('unauthorized');
    if (!(await deletePasskeyOfUser(tx, { userId, id }))) throw new AppError('passkeyNotFound');
    if ((await accountFactorsOf(tx, user)).length === 0) await deleteRecoveryCodes(tx, userId);
    await queueSecurityNotice(tx, { user, change: 'passkey_removed' });
  });
}
