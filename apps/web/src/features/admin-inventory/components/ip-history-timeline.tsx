import type { IpAddressEvent } from '@stratus/contract';
import { Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';
import { IpStatusTag } from './ip-status-tag.tsx';
import styles from './ip-history-timeline.module.css';

const colors: Partial<Record<IpAddressEvent['toStatus'], string>> = {
  quarantined: 'red',
  retired: 'gray',
  available: 'green',
};

/** Every change of the address's state, newest first, with the operator's reason. */
export function IpHistoryTimeline({ history }: { history: IpAddressEvent[] }) {
  const { t } = useTranslation();
  return (
    <Timeline
      items={history.map((event) => ({
        key: event.id,
        color: colors[event.toStatus] ?? 'blue',
        title: <span className={styles.time}>{formatDateTime(event.at)}</span>,
        content: (
          <div className={styles.entry} data-testid="ip-history-event">
            <span className={styles.line}>
              {event.fromStatus === null ? (
                <Typography.Text>{t('adminInventory.history.imported')}</Typography.Text>
              ) : (
                <IpStatusTag status={event.fromStatus} />
              )}
              <span aria-hidden>→</span>
              <IpStatusTag status={event.toStatus} />
            </span>
            {event.reason && (
              <Typography.Text type="secondary">
                {t('adminInventory.history.reason', { reason: event.reason })}
              </Typography.Text>
            )}
          </div>
        ),
      }))}
    />
  );
}
