import { ApiOutlined, ExportOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { API_DOCS_URL, API_KEYS_PATH, WEBHOOKS_PATH } from '../../../shared/paths.ts';
import { curlExample } from '../api-example.ts';
import { maskToken } from '../mask-token.ts';
import styles from './api-access-section.module.css';

interface ApiAccessSectionProps {
  token: string;
  revealed: boolean;
  /** Opens the webhooks page (a customer's); without it the section does not offer them. */
  onOpenWebhooks?: () => void;
  /** Opens the API keys page (a customer's); without it the section does not offer them. */
  onOpenApiKeys?: () => void;
}

export function ApiAccessSection({
  token,
  revealed,
  onOpenWebhooks,
  onOpenApiKeys,
}: ApiAccessSectionProps) {
  const { t } = useTranslation();
  const origin = window.location.origin;
  return (
    <section className={styles.section}>
      <div className={styles.heading}>
        <ApiOutlined className={styles.icon} />
        <Typography.Text strong>{t('users.api.title')}</Typography.Text>
        <a className={styles.docs} href={API_DOCS_URL} target="_blank" rel="noopener noreferrer">
          {t('users.api.docs')}
          <ExportOutlined />
        </a>
      </div>
      <Typography.Paragraph type="secondary" className={styles.description}>
        {t('users.api.description')}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" className={styles.description}>
        {t('users.api.revokeHint')}
      </Typography.Paragraph>
      <Typography.Text type="secondary" className={styles.caption}>
        {t('users.api.example')}
      </Typography.Text>
      <div className={styles.code}>
        <code data-testid="curl-example">
          {curlExample(revealed ? token : maskToken(token), origin)}
        </code>
        <CopyButton text={curlExample(token, origin)} />
      </div>
      {onOpenApiKeys && (
        <div className={styles.more}>
          <Typography.Text type="secondary" className={styles.description}>
            {t('users.api.keys')}
          </Typography.Text>
          <a
            href={API_KEYS_PATH}
            onClick={(event) => {
              event.preventDefault();
              onOpenApiKeys();
            }}
          >
            {t('users.api.keysManage')}
          </a>
        </div>
      )}
      {onOpenWebhooks && (
        <div className={styles.more}>
          <Typography.Text type="secondary" className={styles.description}>
            {t('users.api.webhooks')}
          </Typography.Text>
          <a
            href={WEBHOOKS_PATH}
            onClick={(event) => {
              event.preventDefault();
              onOpenWebhooks();
            }}
          >
            {t('users.api.webhooksManage')}
          </a>
        </div>
      )}
    </section>
  );
}
