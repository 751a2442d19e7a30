import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../shared/clipboard.ts';
import { saveBlob } from '../../../shared/http/download.ts';
import { showErrorToast, showSuccessToast } from '../../../shared/ui/feedback.ts';
import styles from './endpoint-generator.module.css';

export const ENDPOINTS_FILE_NAME = 'dynamic-proxies.txt';

/** The generated lines, ready to copy or save. */
export function GeneratedEndpoints({ lines }: { lines: string[] }) {
  const { t } = useTranslation();
  const text = lines.join('\n');

  const copyAll = async () => {
    try {
      await copyText(text);
      showSuccessToast(t('dynamic.result.copied', { count: lines.length }));
    } catch {
      showErrorToast(t('common.copyFailed'));
    }
  };

  const download = () =>
    saveBlob(new Blob([`${text}\n`], { type: 'text/plain;charset=utf-8' }), ENDPOINTS_FILE_NAME);

  return (
    <Card
      title={t('dynamic.result.title', { count: lines.length })}
      extra={
        <Space>
          <Button icon={<CopyOutlined />} onClick={() => void copyAll()}>
            {t('dynamic.result.copyAll')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={download}>
            {t('dynamic.result.download')}
          </Button>
        </Space>
      }
    >
      <Input.TextArea
        readOnly
        value={text}
        aria-label={t('dynamic.result.title', { count: lines.length })}
        className={styles.lines}
        autoSize={{ minRows: 6, maxRows: 16 }}
      />
    </Card>
  );
}
