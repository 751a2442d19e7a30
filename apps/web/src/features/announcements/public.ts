// What other features may use of announcements (the only file they may import from it): the
// overview's card, the console's banner and the severity tag the operator console shows too.
export { AnnouncementBanner } from './components/announcement-banner.tsx';
export { AnnouncementsCard } from './components/announcements-card.tsx';
export { SeverityTag } from './components/severity-tag.tsx';
export { announcementKeys } from './api.ts';
