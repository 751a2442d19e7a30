import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../shared/http/download.ts';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import styles from './two-step.module.css';

interface RecoveryCodesViewProps {
  codes: string[];
  /** The person says the codes are saved: the dialog closes. */
  onSaved: () => void;
}

/** The recovery codes, shown this once: copy them all or download them as a text file. */
export function RecoveryCodesView({ codes, onSaved }: RecoveryCodesViewProps) {
  const { t } = useTranslation();
  const text = codes.join('\n');
  const download = () =>
    saveBlob(
      new Blob([`${t('users.twoStep.recoveryFileTitle')}\n\n${text}\n`], {
        type: 'text/plain;charset=utf-8',
      }),
      'recovery-codes.txt',
    );
  return (
    <Space orientation="vertical" size={16} className={styles.full}>
      <Alert type="warning" showIcon title={t('users.twoStep.recoveryOnce')} />
      <ol className={styles.codes} aria-label={t('users.twoStep.recoveryTitle')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Space wrap>
        <CopyButton text={text} label={t('users.twoStep.copyAll')} />
        <Button icon={<DownloadOutlined />} onClick={download}>
          {t('users.twoStep.download')}
        </Button>
        <Button type="primary" onClick={onSaved}>
          {t('users.twoStep.saved')}
        </Button>
      </Space>
    </Space>
  );
}
