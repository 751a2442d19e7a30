import {
  notificationChannels,
  type NotificationCategory,
  type NotificationChannel,
} from '@stratus/contract';
import { Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api.ts';
import styles from './notification-preferences.module.css';

/**
 * 通知设置: per category, whether it comes by email and into the inbox. Security and money
 * cannot be switched off; their switches show on and locked.
 */
export function NotificationPreferences() {
  const { t } = useTranslation();
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  if (!preferences.data) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  const toggle = (category: NotificationCategory, channel: NotificationChannel, enabled: boolean) =>
    update.mutate({ items: [{ category, channel, enabled }] });
  return (
    <div className={styles.grid} role="table" aria-label={t('messages.preferences.title')}>
      <div role="row" className={styles.row}>
        <span role="columnheader" className={styles.category}>
          {t('messages.preferences.category')}
        </span>
        {notificationChannels.map((channel) => (
          <span role="columnheader" key={channel} className={styles.channel}>
            {t(`messages.channel.${channel}`)}
          </span>
        ))}
      </div>
      {preferences.data.items.map((item) => (
        <div role="row" key={item.category} className={styles.row}>
          <span role="cell" className={styles.category}>
            {t(`messages.category.${item.category}`)}
            {item.mandatory && (
              <Typography.Text type="secondary" className={styles.note}>
                {t('messages.preferences.mandatory')}
              </Typography.Text>
            )}
          </span>
          {notificationChannels.map((channel) => (
            <span role="cell" key={channel} className={styles.channel}>
              <Switch
                size="small"
                checked={item[channel]}
                disabled={item.mandatory}
                loading={update.isPending}
                aria-label={`${t(`messages.category.${item.category}`)} · ${t(`messages.channel.${channel}`)}`}
                onChange={(enabled) => toggle(item.category, channel, enabled)}
              />
            </span>
          ))}
        </div>
      ))}
    </div>
  );
}
