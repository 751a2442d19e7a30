import { Alert, Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import styles from './api-key-created-modal.module.css';

/** A key just made: shown this once, then never again (only its prefix is listed). */
export function ApiKeyCreatedModal({
  apiKey,
  onClose,
}: {
  apiKey: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={apiKey !== null}
      title={t('apiKeys.created.title')}
      closable={false}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('apiKeys.created.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('apiKeys.created.once')} />
      <div className={styles.key}>
        <code data-testid="api-key">{apiKey}</code>
        {apiKey && <CopyButton text={apiKey} label={t('apiKeys.created.copy')} />}
      </div>
    </Modal>
  );
}
