import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentAnnouncements } from '../api.ts';
import {
  readDismissedAnnouncements,
  rememberDismissedAnnouncement,
} from '../dismissed-announcements.ts';
import { AnnouncementAlert } from './announcement-alert.tsx';
import styles from './announcement-banner.module.css';

/**
 * The most severe current announcement the user has not dismissed, above every console page.
 * Closing it remembers its id in this browser; the next one (if any) then takes its place.
 */
export function AnnouncementBanner() {
  const { t, i18n } = useTranslation();
  const announcements = useCurrentAnnouncements(i18n.language);
  const [dismissed, setDismissed] = useState(readDismissedAnnouncements);
  // The server answers the most severe first.
  const shown = announcements.data?.items.find((item) => !dismissed.includes(item.id));
  if (!shown) return null;
  return (
    <AnnouncementAlert
      key={shown.id}
      className={styles.banner}
      severity={shown.severity}
      banner
      title={shown.title}
      description={shown.body || undefined}
      close={{
        label: t('announcements.dismiss'),
        onClose: () => setDismissed(rememberDismissedAnnouncement(shown.id)),
      }}
      data-testid="announcement-banner"
    />
  );
}
