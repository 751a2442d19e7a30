import { useTranslation } from 'react-i18next';
import { API_DOCS_URL } from '../../../shared/paths.ts';
import { Brand } from '../../../shared/ui/brand.tsx';
import { TOUCH_TARGET } from '../../../shared/ui/touch-target.ts';
import styles from './portal-footer.module.css';

export function PortalFooter() {
  const { t } = useTranslation();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <Brand tone="light" />
          <span className={styles.tagline}>{t('auth.footer.tagline')}</span>
        </div>
        <nav className={styles.links}>
          <a href={API_DOCS_URL} target="_blank" rel="noopener noreferrer" className={TOUCH_TARGET}>
            {t('auth.footer.docs')}
          </a>
        </nav>
        <div className={styles.copyright}>
          {t('auth.footer.copyright', { year: new Date().getFullYear() })}
        </div>
      </div>
    </footer>
  );
}
