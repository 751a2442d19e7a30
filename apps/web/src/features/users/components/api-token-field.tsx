import { EyeInvisibleOutlined, EyeOutlined, SyncOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useRotateApiToken } from '../api.ts';
import { maskToken } from '../mask-token.ts';
import styles from './api-token-field.module.css';

interface ApiTokenFieldProps {
  token: string;
  revealed: boolean;
  onRevealedChange: (revealed: boolean) => void;
}

export function ApiTokenField({ token, revealed, onRevealedChange }: ApiTokenFieldProps) {
  const { t } = useTranslation();
  const rotate = useRotateApiToken();
  const rotateToken = async () => {
    await rotate.mutateAsync();
    showSuccessToast(t('users.token.rotated'));
  };

  return (
    <div className={styles.field}>
      <code className={styles.value} data-testid="api-token">
        {revealed ? token : maskToken(token)}
      </code>
      <Tooltip title={revealed ? t('users.token.conceal') : t('users.token.reveal')}>
        <Button
          type="text"
          aria-label={revealed ? t('users.token.conceal') : t('users.token.reveal')}
          icon={revealed ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={() => onRevealedChange(!revealed)}
        />
      </Tooltip>
      <CopyButton text={token} label={t('common.copy')} />
      <Popconfirm
        title={t('users.token.rotateConfirmTitle')}
        description={t('users.token.rotateConfirm')}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onConfirm={rotateToken}
      >
        <Tooltip title={t('users.token.rotate')}>
          <Button
            type="text"
            aria-label={t('users.token.rotate')}
            icon={<SyncOutlined spin={rotate.isPending} />}
            disabled={rotate.isPending}
          />
        </Tooltip>
      </Popconfirm>
    </div>
  );
}
