import type { InboxMessage } from '@stratus/contract';
import { Badge, Button, Collapse, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/business-time.ts';
import styles from './inbox-list.module.css';

interface InboxListProps {
  messages: readonly InboxMessage[];
  loading: boolean;
  /** A message was opened: mark it read. */
  onOpen: (message: InboxMessage) => void;
}

/** The inbox's messages, newest first: a subject line each, opened in place to read. */
export function InboxList({ messages, loading, onOpen }: InboxListProps) {
  const { t } = useTranslation();
  if (!loading && messages.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.empty')} />;
  }
  const open = (keys: string[]) => {
    for (const message of messages) {
      if (keys.includes(message.id) && !message.read) onOpen(message);
    }
  };
  return (
    <Collapse
      className={styles.list}
      onChange={(keys) => open(Array.isArray(keys) ? keys : [keys])}
      items={messages.map((message) => ({
        key: message.id,
        label: (
          <div className={styles.head} data-testid="inbox-message">
            <Badge status={message.read ? 'default' : 'processing'} />
            <Typography.Text strong={!message.read} className={styles.subject}>
              {message.subject}
            </Typography.Text>
            <Typography.Text type="secondary" className={styles.time}>
              {formatDateTime(message.createdAt)}
            </Typography.Text>
          </div>
        ),
        children: (
          <div className={styles.body}>
            {message.body.split('\n\n').map((paragraph, index) => (
              <Typography.Paragraph key={index} className={styles.paragraph}>
                {paragraph}
              </Typography.Paragraph>
            ))}
            {message.link && (
              <Button type="primary" href={message.link}>
                {t('messages.open')}
              </Button>
            )}
          </div>
        ),
      }))}
    />
  );
}
