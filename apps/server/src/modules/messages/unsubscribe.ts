// One-click unsubscribe (RFC 8058): a signed link switches off one category's email for its
// recipient, with no session; reading what it would do changes nothing.
import type { NotificationCategory } from '@stratus/contract';
import { eq, users, type Db } from '@stratus/db';
import { AppError } from '../../errors.ts';
import { listPreferenceChoices, savePreferenceChoices } from './preferences-repo.ts';
import type { UnsubscribeTokens } from './unsubscribe-tokens.ts';

export interface UnsubscribeAnswer {
  category: NotificationCategory;
  email: string;
  unsubscribed: boolean;
}

/** `alice@example.com` → `a***@example.com`: enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`;
}

async function targetOf(db: Db, tokens: UnsubscribeTokens, token: string) {
  const target = tokens.read(token);
  if (!target) throw new AppError('unsubscribeLinkInvalid');
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, target.userId));
  if (!user) throw new AppError('unsubscribeLinkInvalid');
  return { ...target, email: user.email };
}

async function answerFor(
  db: Db,
  target: { userId: string; category: NotificationCategory; email: string },
): Promise<UnsubscribeAnswer> {
  const choice = (await listPreferenceChoices(db, target.userId)).find(
    (row) => row.category === target.category && row.channel === 'email',
  );
  return {
    category: target.category,
    email: maskEmail(target.email),
    unsubscribed: choice?.enabled === false,
  };
}

export async function getUnsubscribeTarget({
  db,
  tokens,
  token,
}: {
  db: Db;
  tokens: UnsubscribeTokens;
  token: string;
}): Promise<UnsubscribeAnswer> {
  return answerFor(db, await targetOf(db, tokens, token));
}

export async function unsubscribe({
  db,
  tokens,
  token,
}: {
  db: Db;
  tokens: UnsubscribeTokens;
  token: string;
}): Promise<UnsubscribeAnswer> {
  const target = await targetOf(db, tokens, token);
  await savePreferenceChoices(db, target.userId, [
    { category: target.category, channel: 'email', enabled: false },
  ]);
  return answerFor(db, target);
}
