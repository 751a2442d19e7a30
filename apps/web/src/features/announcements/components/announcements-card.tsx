import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/business-time.ts';
import { PlainCard } from '../../../shared/ui/plain-card.tsx';
import { useCurrentAnnouncements } from '../api.ts';
import { AnnouncementAlert } from './announcement-alert.tsx';
import styles from './announcements-card.module.css';

/** Every current announcement, most severe first; nothing at all when there is none. */
export function AnnouncementsCard() {
  const { t, i18n } = useTranslation();
  const announcements = useCurrentAnnouncements(i18n.language);
  const items = announcements.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <PlainCard title={t('announcements.title')} data-testid="announcements-card">
      <div className={styles.list}>
        {items.map((item) => (
          <AnnouncementAlert
            key={item.id}
            severity={item.severity}
            title={item.title}
            description={
              <>
                {item.body && <div className={styles.body}>{item.body}</div>}
                <span className={styles.time}>
                  {item.endsAt
                    ? t('announcements.until', {
                        start: formatDateTime(item.startsAt),
                        end: formatDateTime(item.endsAt),
                      })
                    : t('announcements.since', { time: formatDateTime(item.startsAt) })}
                </span>
              </>
            }
          />
        ))}
      </div>
    </PlainCard>
  );
}
