// What every page inside the console's or the operator console's header asks besides its own
// data: the bell's unread count, and the profile's notification settings.
import { getNotificationPreferences, listInboxMessages } from '@stratus/contract';
import type { FakeApi } from './fake-api.ts';

/** An empty inbox and every notification on, unless the test declares otherwise afterwards. */
export function respondWithQuietInbox(api: FakeApi): void {
  api.respondWith(listInboxMessages, { items: [], total: 0, page: 1, pageSize: 1, unread: 0 });
  api.respondWith(getNotificationPreferences, {
    items: [
      { category: 'security', mandatory: true, email: true, inbox: true },
      { category: 'money', mandatory: true, email: true, inbox: true },
      { category: 'reminders', mandatory: false, email: true, inbox: true },
      { category: 'notices', mandatory: false, email: true, inbox: true },
    ],
  });
}
