// The `security.changed` notice: mailed (and kept for the inbox) in the transaction of the change
// it reports, so a change and its notice commit together. One per change, never deduplicated.
import { securityChangeLabels, type SecurityChange } from '@stratus/contract';
import type { Tx } from '@stratus/db';
import { mailIdentity, mailLink, queueMail } from '../messages/public.ts';
import type { UserRow } from './repo.ts';

/**
 * Where the notice's link goes: the console with the profile open (the account menu opens it
 * for `profile=1`), where the person checks the account and its API token.
 */
export const PROFILE_LINK_PATH = '/console/overview?profile=1';

export async function queueSecurityNotice(
  tx: Tx,
  {
    user,
    change,
  }: {
    user: Pick<UserRow, 'id' | 'email' | 'language'>;
    change: SecurityChange;
  },
): Promise<void> {
  await queueMail(tx, {
    userId: user.id,
    to: user.email,
    locale: user.language,
    template: 'security.changed',
    brand: mailIdentity().brand,
    values: { change: securityChangeLabels[user.language][change] },
    data: { change },
    actionUrl: mailLink(PROFILE_LINK_PATH),
  });
}
