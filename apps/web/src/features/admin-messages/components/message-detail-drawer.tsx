import { RedoOutlined } from '@ant-design/icons';
import { Button, Descriptions, Drawer, Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useAdminMessage, useResendMessage } from '../api.ts';
import { MailPreview } from './mail-preview.tsx';
import { MessageStateTag } from './message-state-tag.tsx';
import styles from './message-detail-drawer.module.css';

interface MessageDetailDrawerProps {
  messageId: string | null;
  /** The viewer holds `messages.manage`: a failed message offers "Resend". */
  canManage: boolean;
  onClose: () => void;
}

/** One message as the outbox has it now: its delivery, the SMTP server's answer and both parts. */
export function MessageDetailDrawer({ messageId, canManage, onClose }: MessageDetailDrawerProps) {
  const { t } = useTranslation();
  const detail = useAdminMessage(messageId);
  const resend = useResendMessage();
  const message = detail.data?.id === messageId ? detail.data : undefined;

  const resendFailed = async (id: string) => {
    // A refusal (sent or resent meanwhile) is toasted by the client.
    await resend.mutateAsync(id);
    showSuccessToast(t('adminMessages.resend.done'));
  };

  const actions =
    canManage && message?.state === 'failed' ? (
      <Button
        type="primary"
        icon={<RedoOutlined />}
        loading={resend.isPending}
        onClick={() => void resendFailed(message.id).catch(() => undefined)}
      >
        {t('adminMessages.resend')}
      </Button>
    ) : null;

  return (
    <Drawer
      open={messageId !== null}
      size={720}
      title={t('adminMessages.detail.title')}
      extra={actions}
      onClose={onClose}
    >
      {!message ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('adminMessages.column.to')}>
              <span className={styles.wrap}>{message.to}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('adminMessages.column.subject')}>
              {message.subject}
            </Descriptions.Item>
            <Descriptions.Item label={t('adminMessages.column.event')}>
              <span className={styles.code}>{message.event}</span>
              <span className={styles.locale}>{message.locale}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('adminMessages.column.state')}>
              <MessageStateTag state={message.state} />
              <span className={styles.attempts}>
                {t('adminMessages.detail.attempts', { count: message.attempts })}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('adminMessages.column.lastReply')}>
              {message.lastReply ? (
                <Typography.Text copyable className={styles.reply} data-testid="smtp-reply">
                  {message.lastReply}
                </Typography.Text>
              ) : (
                t('adminMessages.detail.noReply')
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('adminMessages.detail.providerMessageId')}>
              {message.providerMessageId ? (
                <Typography.Text copyable className={styles.code}>
                  {message.providerMessageId}
                </Typography.Text>
              ) : (
                '--'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={withTimeZone(t('adminMessages.column.createdAt'))}>
              {formatDateTime(message.createdAt)}
            </Descriptions.Item>
            {message.state === 'queued' && (
              <Descriptions.Item label={withTimeZone(t('adminMessages.detail.nextAttemptAt'))}>
                {formatDateTime(message.nextAttemptAt)}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={withTimeZone(t('adminMessages.column.sentAt'))}>
              {message.sentAt ? formatDateTime(message.sentAt) : '--'}
            </Descriptions.Item>
          </Descriptions>
          <Tabs
            className={styles.parts}
            items={[
              {
                key: 'html',
                label: t('adminMessages.detail.preview'),
                children: <MailPreview html={message.html} />,
              },
              {
                key: 'text',
                label: t('adminMessages.detail.text'),
                children: <pre className={styles.text}>{message.text}</pre>,
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
