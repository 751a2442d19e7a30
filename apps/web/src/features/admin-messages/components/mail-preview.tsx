import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { previewDocument } from '../preview-document.ts';
import styles from './mail-preview.module.css';

/**
 * The email as a mail program shows it: its HTML in a sandboxed frame that runs nothing and
 * reaches nothing of the console; only its links may open, each in a tab of its own.
 */
export function MailPreview({ html }: { html: string }) {
  const { t } = useTranslation();
  const document = useMemo(() => previewDocument(html, window.location.origin), [html]);
  return (
    <iframe
      className={styles.frame}
      title={t('adminMessages.detail.previewTitle')}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      srcDoc={document}
    />
  );
}
