// What other features and the layouts may use of messages (the only file they may import from
// it): the header's bell and the profile's notification settings.
export { InboxBell } from './components/inbox-bell.tsx';
export { NotificationPreferences } from './components/notification-preferences.tsx';
export { messageKeys } from './api.ts';
