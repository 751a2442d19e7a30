import type { NotificationCategory, NotificationChannel } from '@stratus/contract';
import { eq, notificationPreferences, sql, type Db, type Tx } from '@stratus/db';

export interface PreferenceChoice {
  category: NotificationCategory;
  channel: NotificationChannel;
  enabled: boolean;
}

/** The choices a person made; a category and channel without a row is on. */
export async function listPreferenceChoices(
  db: Db | Tx,
  userId: string,
): Promise<PreferenceChoice[]> {
  return db
    .select({
      category: notificationPreferences.category,
      channel: notificationPreferences.channel,
      enabled: notificationPreferences.enabled,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

/** Records choices, replacing earlier ones of the same category and channel. */
export async function savePreferenceChoices(
  db: Db | Tx,
  userId: string,
  choices: readonly PreferenceChoice[],
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values(choices.map((choice) => ({ userId, ...choice })))
    .onConflictDoUpdate({
      target: [
        notificationPreferences.userId,
        notificationPreferences.category,
        notificationPreferences.channel,
      ],
      set: { enabled: sql`excluded.enabled`, updatedAt: sql`now()` },
    });
}
