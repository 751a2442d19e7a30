import { useTranslation } from 'react-i18next';
import styles from './page-fallback.module.css';

/**
 * Seed loading state of a lazy page: one centred spinner, drawn as Ant Design's large Spin was
 * (four dots turning, in the primary colour) without loading Ant Design. Busy, so the browser
 * journeys and the benchmark wait for the page behind it.
 */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div className={styles.centre} role="status" aria-busy="true" aria-label={t('common.loading')}>
      <span className={styles.spinner} aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
