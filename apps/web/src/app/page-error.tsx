import { useTranslation } from 'react-i18next';
import { browserNavigation } from '../shared/browser.ts';
import styles from './page-error.module.css';

/**
 * The seed's page-error state: fixed text and a retry that reloads the page. Plain elements drawn
 * like Ant Design's error Result: it must show even when the failure was Ant Design's own chunk
 * not loading, and the portal's router uses it without loading Ant Design.
 */
export function PageError() {
  const { t } = useTranslation();
  return (
    <div className={styles.result}>
      <svg className={styles.icon} viewBox="64 64 896 896" aria-hidden="true" focusable="false">
        <path d="M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm165.4 618.2l-66-.3L512 563.4l-99.3 118.4-66.1.3c-4.4 0-8-3.5-8-8 0-1.9.7-3.7 1.9-5.2l130.1-155L340.5 359a8.32 8.32 0 01-1.9-5.2c0-4.4 3.6-8 8-8l66.1.3L512 464.6l99.3-118.4 66-.3c4.4 0 8 3.5 8 8 0 1.9-.7 3.7-1.9 5.2L553.5 514l130 155c1.2 1.5 1.9 3.3 1.9 5.2 0 4.4-3.6 8-8 8z" />
      </svg>
      <div className={styles.title}>{t('common.pageError.title')}</div>
      <button type="button" className={styles.primary} onClick={() => browserNavigation.reload()}>
        {t('common.pageError.retry')}
      </button>
    </div>
  );
}
