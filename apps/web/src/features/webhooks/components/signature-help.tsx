import { webhookVerificationSnippets } from '@stratus/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import styles from './signature-help.module.css';

const languages = [
  { key: 'node', label: 'Node.js' },
  { key: 'python', label: 'Python' },
] as const;

/** How to verify a delivery's signature, with the same snippets the docs give. */
export function SignatureHelp() {
  const { t } = useTranslation();
  return (
    <div className={styles.help}>
      <Typography.Paragraph>{t('webhooks.verify.explain')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('webhooks.verify.retries')}</Typography.Paragraph>
      {languages.map(({ key, label }) => (
        <section key={key} className={styles.snippet}>
          <div className={styles.heading}>
            <Typography.Text strong>{label}</Typography.Text>
            <CopyButton text={webhookVerificationSnippets[key]} label={label} />
          </div>
          <pre className={styles.code}>
            <code>{webhookVerificationSnippets[key]}</code>
          </pre>
        </section>
      ))}
    </div>
  );
}
