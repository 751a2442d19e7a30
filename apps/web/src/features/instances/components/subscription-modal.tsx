import { SyncOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Popconfirm, QRCode, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useRotateSubscription, useSubscription } from '../subscription-api.ts';
import styles from './subscription-modal.module.css';

/** Which clients get which profile: the server tells them apart by User-Agent. */
const clientHints = [
  { clients: 'Clash Verge · mihomo · FlClash', format: 'instances.subscription.formatMihomo' },
  { clients: 'Clash · Stash', format: 'instances.subscription.formatClash' },
  {
    clients: 'sing-box (SFA / SFI / SFM) · Hiddify',
    format: 'instances.subscription.formatSingBox',
  },
  { clients: 'v2rayN · Shadowrocket', format: 'instances.subscription.formatBase64' },
] as const;

/** The account's live subscription link: copy, QR code, client hints and rotation. */
export function SubscriptionModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const subscription = useSubscription(open);
  const rotate = useRotateSubscription();
  const url = subscription.data?.url ?? '';
  const rotateLink = async () => {
    await rotate.mutateAsync();
    showSuccessToast(t('instances.subscription.rotated'));
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('instances.subscription.title')}
      footer={null}
      width={600}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('instances.subscription.intro')}
      </Typography.Paragraph>
      {subscription.isPending ? (
        <Skeleton active />
      ) : (
        <div className={styles.body}>
          <Space.Compact className={styles.url}>
            <Input
              readOnly
              value={url}
              aria-label={t('instances.subscription.url')}
              data-testid="subscription-url"
            />
            <CopyButton text={url} label={t('instances.subscription.copy')} />
          </Space.Compact>
          <div className={styles.details}>
            <QRCode value={url || '-'} size={168} status={url ? 'active' : 'expired'} />
            <div className={styles.hints}>
              <Typography.Text strong>{t('instances.subscription.clients')}</Typography.Text>
              <ul className={styles.hintList}>
                {clientHints.map((hint) => (
                  <li key={hint.clients}>
                    <Typography.Text>{hint.clients}</Typography.Text>
                    {' → '}
                    <Typography.Text type="secondary">{t(hint.format)}</Typography.Text>
                  </li>
                ))}
              </ul>
              <Typography.Text type="secondary">
                {t('instances.subscription.formatParam')}
              </Typography.Text>
            </div>
          </div>
          <Alert type="warning" showIcon title={t('instances.subscription.secret')} />
          <Popconfirm
            title={t('instances.subscription.rotateTitle')}
            description={t('instances.subscription.rotateConfirm')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={rotateLink}
          >
            <Button
              danger
              icon={<SyncOutlined spin={rotate.isPending} />}
              disabled={rotate.isPending}
            >
              {t('instances.subscription.rotate')}
            </Button>
          </Popconfirm>
        </div>
      )}
    </Modal>
  );
}
