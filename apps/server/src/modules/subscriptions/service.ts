import { randomBytes } from 'node:crypto';
import { base64Utf8, type Subscription, type SubscriptionFormat } from '@stratus/contract';
import type { Db } from '@stratus/db';
import { AppError } from '../../errors.ts';
import { hashToken, type TokenCipher } from '../../tokens.ts';
import {
  listInstanceDetails,
  listVmessUnservedInstances,
  toExportRow,
} from '../instances/public.ts';
import { buildProfile, listProfileProxies, type SubscriptionInstance } from './profiles.ts';
import {
  findSubscriberById,
  findSubscriberByTokenHash,
  storeSubscriptionToken,
  sumLiveTrafficPackages,
  type SubscriberRow,
} from './repo.ts';

/** The profile's name in clients, and its proxy group's. */
export const PROFILE_TITLE = 'Stratus';
/** Hours between a client's automatic updates (`profile-update-interval`). */
export const PROFILE_UPDATE_HOURS = 12;
/** More live instances than this are left out of a profile. */
const PROFILE_MAX_INSTANCES = 10_000;

/**
 * The ciphertext is bound to `subscription:<user id>`, not to the user id alone, so the API
 * token's ciphertext could never be passed off as this one.
 */
const cipherContext = (userId: string) => `subscription:${userId}`;

function sealToken(cipher: TokenCipher, userId: string) {
  // 256 random bits, base64url: safe in a URL path, found by its SHA-256 like the API token.
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    tokenHash: hashToken(token),
    tokenCiphertext: cipher.encrypt(token, cipherContext(userId)),
  };
}

function toSubscription(row: SubscriberRow, cipher: TokenCipher, origin: string): Subscription {
  let token = '';
  try {
    token = cipher.decrypt(row.subscriptionTokenCiphertext ?? '', cipherContext(row.id));
  } catch {
    // Sealed under another SECRET_KEY: the URL still works by its hash but cannot be shown;
    // rotating gives the customer one they can see.
  }
  return { token, url: token ? `${origin}/api/sub/${token}` : '' };
}

/** The caller's subscription, its token made on first use. */
export async function getSubscription({
  db,
  cipher,
  userId,
  origin,
}: {
  db: Db;
  cipher: TokenCipher;
  userId: string;
  origin: string;
}): Promise<Subscription> {
  const current = await findSubscriberById(db, userId);
  if (!current) throw new AppError('unauthorized');
  if (current.subscriptionTokenHash) return toSubscription(current, cipher, origin);
  const { tokenHash, tokenCiphertext } = sealToken(cipher, userId);
  const stored =
    (await storeSubscriptionToken(db, { userId, tokenHash, tokenCiphertext, onlyIfNone: true })) ??
    // Another first visit stored its token a moment earlier: show that one.
    (await findSubscriberById(db, userId));
  if (!stored) throw new AppError('unauthorized');
  return toSubscription(stored, cipher, origin);
}

/** A new token; the old one is gone with the same update, so its URL answers 404 at once. */
export async function rotateSubscription({
  db,
  cipher,
  userId,
  origin,
}: {
  db: Db;
  cipher: TokenCipher;
  userId: string;
  origin: string;
}): Promise<Subscription> {
  const { tokenHash, tokenCiphertext } = sealToken(cipher, userId);
  const stored = await storeSubscriptionToken(db, {
    userId,
    tokenHash,
    tokenCiphertext,
    onlyIfNone: false,
  });
  if (!stored) throw new AppError('unauthorized');
  return toSubscription(stored, cipher, origin);
}

/**
 * `subscription-userinfo` as Clash-family clients read it (`upload=N; download=N; total=N;
 * expire=N`): the traffic of the live packages (total bought, used as download, upload 0: the
 * packages meter both directions together) and the latest live instance's expiry in Unix seconds,
 * left out when there is none (a 0 would read as "expired in 1970").
 */
export function formatUserInfo({
  usedBytes,
  totalBytes,
  expiresAt,
}: {
  usedBytes: bigint;
  totalBytes: bigint;
  expiresAt: Date | undefined;
}): string {
  const traffic = `upload=0; download=${usedBytes}; total=${totalBytes}`;
  return expiresAt ? `${traffic}; expire=${Math.floor(expiresAt.getTime() / 1000)}` : traffic;
}

/** The profile behind a token: the owner's live instances in `format`, with its headers. */
export async function buildSubscriptionProfile({
  db,
  token,
  format,
  now = new Date(),
}: {
  db: Db;
  token: string;
  format: SubscriptionFormat;
  now?: Date;
}): Promise<{ body: string; contentType: string; headers: Record<string, string> }> {
  const owner = await findSubscriberByTokenHash(db, hashToken(token));
  if (!owner) throw new AppError('subscriptionNotFound');
  const [details, traffic] = await Promise.all([
    listInstanceDetails(
      db,
      { userId: owner.id, status: 'active' },
      { limit: PROFILE_MAX_INSTANCES, offset: 0 },
    ),
    sumLiveTrafficPackages(db, { userId: owner.id, now }),
  ]);
  // `active` rows past their expiry are waiting for the expiry job: they no longer work.
  const live = details.filter(({ instance }) => instance.expiresAt > now);
  // A profile holds only what works: no vmess line where the node cannot serve it now.
  const vmessUnserved = await listVmessUnservedInstances(
    db,
    live.map(({ instance }) => instance.id),
  );
  const instances: SubscriptionInstance[] = live.map((detail) =>
    toExportRow(detail, owner.language, vmessUnserved.has(detail.instance.id)),
  );
  const profile = buildProfile({
    format,
    proxies: listProfileProxies(instances),
    groupName: PROFILE_TITLE,
  });
  const latest = live.reduce<Date | undefined>(
    (max, { instance }) => (!max || instance.expiresAt > max ? instance.expiresAt : max),
    undefined,
  );
  return {
    body: profile.body,
    contentType: profile.contentType,
    headers: {
      'subscription-userinfo': formatUserInfo({ ...traffic, expiresAt: latest }),
      'profile-update-interval': String(PROFILE_UPDATE_HOURS),
      // mihomo decodes a `base64:` value, which keeps any title safe in a header.
      'profile-title': `base64:${base64Utf8(PROFILE_TITLE)}`,
      'content-disposition': `attachment; filename="${PROFILE_TITLE.toLowerCase()}-${format}.${profile.extension}"`,
      'cache-control': 'no-store',
    },
  };
}
