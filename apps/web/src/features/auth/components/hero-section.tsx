import { CheckCircleFilled } from './portal-icons.tsx';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../locales/index.ts';
import { SignInCard } from './sign-in-card.tsx';
import styles from './hero-section.module.css';

const points: MessageKey[] = [
  'auth.hero.point.static',
  'auth.hero.point.traffic',
  'auth.hero.point.billing',
];
// Protocol names are product facts, the same in every language.
const protocols = ['SOCKS5', 'HTTP', 'vmess'];

export function HeroSection() {
  const { t } = useTranslation();
  return (
    <section className={styles.hero}>
      <div className={styles.inner}>
        <div className={styles.copy}>
          <span className={styles.eyebrow}>{t('auth.hero.eyebrow')}</span>
          <h1 className={styles.headline}>{t('auth.hero.title')}</h1>
          <p className={styles.subline}>{t('auth.hero.subtitle')}</p>
          <ul className={styles.points}>
            {points.map((point) => (
              <li key={point}>
                <CheckCircleFilled className={styles.check} />
                {t(point)}
              </li>
            ))}
          </ul>
          <div className={styles.protocols}>
            {protocols.map((protocol) => (
              <span key={protocol} className={styles.protocol}>
                {protocol}
              </span>
            ))}
          </div>
        </div>
        <div className={styles.cardSlot} id="sign-in">
          <SignInCard />
        </div>
      </div>
    </section>
  );
}
