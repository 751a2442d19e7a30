import { Alert, Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import styles from './webhook-secret-modal.module.css';

/** The signing secret of an endpoint just added: shown this once, then never again. */
export function WebhookSecretModal({
  secret,
  onClose,
}: {
  secret: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={secret !== null}
      title={t('webhooks.secret.title')}
      closable={false}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('webhooks.secret.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('webhooks.secret.once')} />
      <div className={styles.secret}>
        <code data-testid="webhook-secret">{secret}</code>
        {secret && <CopyButton text={secret} label={t('webhooks.secret.copy')} />}
      </div>
    </Modal>
  );
}
