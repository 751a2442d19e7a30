// Mail to people by account: a customer's own address and language, or every staff member whose
// role holds the permission an operator event concerns. The brand and the public address every
// mail carries are one per process, like the business time zone: `buildApp` installs them with
// `useMailIdentity`, which keeps them out of the parameters of every payment, order and job path
// that writes a message in its transaction; account links and security notices, written with
// `queueMail` itself, take them from here too (`mailIdentity`, `mailLink`).
import {
  BYTES_PER_GB,
  rolePermissions,
  staffRoles,
  type Locale,
  type MailTemplateId,
  type Permission,
} from '@stratus/contract';
import { and, asc, eq, inArray, isNull, users, type Db, type Tx } from '@stratus/db';
import { businessTimeZoneLabel, formatBusinessTime } from '../../business-time.ts';
import { formatFen } from '../../money-text.ts';
import { messageLink } from './links.ts';
import { queueMail } from './outbox.ts';
import type { MessageRow } from './outbox-repo.ts';

export interface MailIdentity {
  /** `BRAND_NAME`, named in every mail. */
  brand: string;
  /** `PUBLIC_URL`: links are absolute under it; without it, paths. */
  publicUrl: string | undefined;
}

let identity: MailIdentity = { brand: 'Stratus', publicUrl: undefined };

/** Installs the configured brand and public address; the server does it once at start. */
export function useMailIdentity(next: MailIdentity): MailIdentity {
  const before = identity;
  identity = { ...next };
  return before;
}

/** The brand and public address in force. */
export function mailIdentity(): MailIdentity {
  return identity;
}

/** The link of a mail to the console page `path`: absolute under the public address in force. */
export function mailLink(path: string): string {
  return messageLink(identity.publicUrl, path);
}

/** A template's values, the same for every language or worded per language. */
export type MailValues =
  Record<string, string | number> | ((locale: Locale) => Record<string, string | number>);

export interface EventMail {
  template: MailTemplateId;
  values?: MailValues;
  /** The event's machine-readable values: ids, amounts in fen as strings, ISO times. */
  data: Record<string, unknown>;
  /** The console page of the thing the mail is about (`/console/ip`). */
  path?: string;
  /** Why it goes out, once; staff mail adds each recipient's id to it. */
  dedupeKey?: string;
}

function valuesIn(values: MailValues | undefined, locale: Locale) {
  return typeof values === 'function' ? values(locale) : (values ?? {});
}

/**
 * Queues `mail` to the customer `userId` in the caller's transaction, in their language; undefined
 * when its key was queued before (or the account is gone).
 */
export async function queueUserMail(
  tx: Tx | Db,
  { userId, ...mail }: EventMail & { userId: string },
): Promise<MessageRow | undefined> {
  const [user] = await tx
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return undefined;
  return queueMail(tx, {
    userId,
    to: user.email,
    locale: user.language,
    template: mail.template,
    brand: identity.brand,
    values: valuesIn(mail.values, user.language),
    data: mail.data,
    actionUrl: mail.path === undefined ? undefined : mailLink(mail.path),
    dedupeKey: mail.dedupeKey,
  });
}

/** The staff roles that hold `permission` (the contract's one table). */
export function rolesWith(permission: Permission) {
  return staffRoles.filter((role) => rolePermissions[role].includes(permission));
}

/**
 * Queues `mail` to every enabled staff member whose role holds `permission`, each in their own
 * language, in the caller's transaction. Answers the messages written (a repeat key writes none).
 */
export async function queueStaffMail(
  tx: Tx | Db,
  { permission, ...mail }: EventMail & { permission: Permission },
): Promise<MessageRow[]> {
  const staff = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, rolesWith(permission)), isNull(users.disabledAt)))
    .orderBy(asc(users.id));
  const written: MessageRow[] = [];
  for (const member of staff) {
    const row = await queueUserMail(tx, {
      ...mail,
      userId: member.id,
      dedupeKey: mail.dedupeKey === undefined ? undefined : `${mail.dedupeKey}:${member.id}`,
    });
    if (row) written.push(row);
  }
  return written;
}

/** A time as mail shows it: the business zone's wall clock to the minute, the zone named. */
export function mailTime(time: Date): string {
  return `${formatBusinessTime(time).slice(0, 16)} (${businessTimeZoneLabel(time)})`;
}

/** Fen as the yuan text mail puts after `¥`: `1234n` → `12.34`. */
export function mailYuan(fen: bigint): string {
  return formatFen(fen);
}

/** Bytes as mail shows them: GB with up to two decimals, MB below a GB. */
export function mailBytes(bytes: bigint): string {
  const megabytes = Number(bytes) / 1024 ** 2;
  if (Number(bytes) < BYTES_PER_GB) return `${Math.round(megabytes * 100) / 100} MB`;
  return `${Math.round((Number(bytes) / BYTES_PER_GB) * 100) / 100} GB`;
}
