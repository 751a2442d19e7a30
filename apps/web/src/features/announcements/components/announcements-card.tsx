import { Alert, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';
import { useCurrentAnnouncements } from '../api.ts';
import { severityAlertType } from '../severity.ts';
import styles from './announcements-card.module.css';

/** Every current announcement, most severe first; nothing at all when there is none. */
export function AnnouncementsCard() {
  const { t, i18n } = useTranslation();
  const announcements = useCurrentAnnouncements(i18n.language);
  const items = announcements.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card title={t('announcements.title')} data-testid="announcements-card">
      <Flex vertical gap={12}>
        {items.map((item) => (
          <Alert
            key={item.id}
            type={severityAlertType[item.severity]}
            showIcon
            title={item.title}
            description={
              <>
                {item.body && <div className={styles.body}>{item.body}</div>}
                <Typography.Text type="secondary" className={styles.time}>
                  {item.endsAt
                    ? t('announcements.until', {
                        start: formatDateTime(item.startsAt),
                        end: formatDateTime(item.endsAt),
                      })
                    : t('announcements.since', { time: formatDateTime(item.startsAt) })}
                </Typography.Text>
              </>
            }
          />
        ))}
      </Flex>
    </Card>
  );
}
