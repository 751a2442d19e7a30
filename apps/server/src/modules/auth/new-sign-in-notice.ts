// The `security.new_sign_in` notice: a password sign-in from an address the account has not
// signed in from (lately: known addresses are forgotten after 90 days unused), written in the
// transaction that records the sign-in. Never deduplicated: each such sign-in is its own warning.
import type { Tx } from '@stratus/db';
import { mailTime, queueUserMail } from '../messages/public.ts';
import { PROFILE_LINK_PATH } from '../users/public.ts';
import { describeDevice } from './user-agent.ts';

export async function queueNewSignInNotice(
  tx: Tx,
  {
    userId,
    address,
    userAgent,
    signedInAt,
  }: { userId: string; address: string; userAgent: string | undefined; signedInAt: Date },
): Promise<void> {
  await queueUserMail(tx, {
    userId,
    template: 'security.new_sign_in',
    values: (locale) => ({
      time: mailTime(signedInAt),
      address,
      device: describeDevice(userAgent, locale),
    }),
    // The agent as the session stores it (cut to 512), for the inbox and webhooks.
    data: {
      address,
      userAgent: userAgent?.slice(0, 512) ?? null,
      signedInAt: signedInAt.toISOString(),
    },
    // The profile, where the password is changed (the account menu opens it for `profile=1`).
    path: PROFILE_LINK_PATH,
  });
}
