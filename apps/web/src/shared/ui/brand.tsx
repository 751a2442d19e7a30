import { useTranslation } from 'react-i18next';
import logoUrl from '../../assets/logo.svg';
import styles from './brand.module.css';
import { TOUCH_TARGET } from './touch-target.ts';

interface BrandProps {
  onClick?: () => void;
  /** `light` for dark backgrounds. */
  tone?: 'dark' | 'light';
}

export function Brand({ onClick, tone = 'dark' }: BrandProps) {
  const { t } = useTranslation();
  const content = (
    <>
      <img className={styles.logo} src={logoUrl} alt="" width={32} height={32} />
      <span className={tone === 'light' ? `${styles.name} ${styles.light}` : styles.name}>
        {t('common.brand')}
      </span>
    </>
  );
  if (!onClick) return <span className={styles.brand}>{content}</span>;
  return (
    <button
      type="button"
      className={`${styles.brand} ${styles.clickable} ${TOUCH_TARGET}`}
      onClick={onClick}
    >
      {content}
    </button>
  );
}
