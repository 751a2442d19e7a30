// What reaches a person: every category on by default; reminders, notices and (for staff)
// operations can be switched off per channel; security and money cannot.
import {
  mandatoryNotificationCategories,
  notificationCategories,
  type NotificationCategory,
  type NotificationPreference,
} from '@stratus/contract';
import type { Db, UserRole } from '@stratus/db';
import { AppError } from '../../errors.ts';
import {
  listPreferenceChoices,
  savePreferenceChoices,
  type PreferenceChoice,
} from './preferences-repo.ts';

/** The categories a person can receive: operations are staff's only. */
export function categoriesFor(role: UserRole): NotificationCategory[] {
  return notificationCategories.filter(
    (category) => category !== 'operations' || role !== 'customer',
  );
}

export async function getNotificationPreferences({
  db,
  userId,
  role,
}: {
  db: Db;
  userId: string;
  role: UserRole;
}): Promise<{ items: NotificationPreference[] }> {
  const choices = await listPreferenceChoices(db, userId);
  const isOn = (category: NotificationCategory, channel: PreferenceChoice['channel']) =>
    mandatoryNotificationCategories.includes(category) ||
    (choices.find((choice) => choice.category === category && choice.channel === channel)
      ?.enabled ??
      true);
  return {
    items: categoriesFor(role).map((category) => ({
      category,
      mandatory: mandatoryNotificationCategories.includes(category),
      email: isOn(category, 'email'),
      inbox: isOn(category, 'inbox'),
    })),
  };
}

export async function updateNotificationPreferences({
  db,
  userId,
  role,
  items,
}: {
  db: Db;
  userId: string;
  role: UserRole;
  items: PreferenceChoice[];
}): Promise<{ items: NotificationPreference[] }> {
  if (
    items.some((item) => !item.enabled && mandatoryNotificationCategories.includes(item.category))
  )
    throw new AppError('notificationMandatory');
  // One choice per category and channel: of repeats in one request, the last counts.
  const latest = new Map(items.map((item) => [`${item.category}.${item.channel}`, item]));
  const kept = [...latest.values()].filter(
    (item) => !mandatoryNotificationCategories.includes(item.category),
  );
  if (kept.length > 0) await savePreferenceChoices(db, userId, kept);
  return getNotificationPreferences({ db, userId, role });
}
