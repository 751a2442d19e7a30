// What both kinds of address link share: the page they open and the once-a-minute rule.
import { EMAIL_LINK_RESEND_SECONDS } from '@stratus/contract';
import type { EmailTokenPurpose, Tx } from '@stratus/db';
import { AppError } from '../../errors.ts';
import { mailLink } from '../messages/public.ts';
import { newestEmailTokenCreatedAt } from './email-address-repo.ts';

export const HOUR_MS = 3_600_000;

/** The page a mailed address link opens, with its token. */
export function emailLinkUrl(token: string): string {
  return mailLink(`/portal/verify-email?token=${encodeURIComponent(token)}`);
}

/**
 * Refuses a second address link of `purpose` within a minute of the last, saying how many
 * seconds are left. Call it with the account's row locked (`lockUser`), so that of a burst of
 * requests one passes and the rest see its token.
 */
export async function assertEmailLinkNotTooSoon(
  tx: Tx,
  { userId, purpose, now }: { userId: string; purpose: EmailTokenPurpose; now: Date },
): Promise<void> {
  const last = await newestEmailTokenCreatedAt(tx, { userId, purpose });
  if (!last) return;
  const waitMs = last.getTime() + EMAIL_LINK_RESEND_SECONDS * 1000 - now.getTime();
  if (waitMs > 0) {
    throw new AppError('emailLinkResendTooSoon', { seconds: Math.ceil(waitMs / 1000) });
  }
}
