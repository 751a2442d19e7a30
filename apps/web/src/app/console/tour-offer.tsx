import { useTranslation } from 'react-i18next';
import styles from './tour-offer.module.css';

interface TourOfferProps {
  onStart: () => void;
  onDismiss: () => void;
}

/**
 * The tour's invitation: a card in the corner that covers nothing the page needs and takes no
 * click meant for the page. Plain elements, as the console's frame loads no Ant Design.
 */
export function TourOffer({ onStart, onDismiss }: TourOfferProps) {
  const { t } = useTranslation();
  return (
    <aside className={styles.offer} aria-labelledby="tour-offer-title">
      <p id="tour-offer-title" className={styles.title}>
        {t('nav.tour.offer.title')}
      </p>
      <p className={styles.text}>{t('nav.tour.offer.text')}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={onDismiss}>
          {t('nav.tour.offer.dismiss')}
        </button>
        <button type="button" className={`${styles.button} ${styles.primary}`} onClick={onStart}>
          {t('nav.tour.offer.start')}
        </button>
      </div>
    </aside>
  );
}
