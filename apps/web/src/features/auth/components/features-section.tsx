import {
  ApiOutlined,
  CloudServerOutlined,
  EnvironmentOutlined,
  NodeIndexOutlined,
  ThunderboltOutlined,
  WalletOutlined,
} from './portal-icons.tsx';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../locales/index.ts';
import styles from './features-section.module.css';

interface Feature {
  icon: ComponentType<{ className?: string }>;
  title: MessageKey;
  description: MessageKey;
}

const features: Feature[] = [
  {
    icon: NodeIndexOutlined,
    title: 'auth.features.protocols.title',
    description: 'auth.features.protocols.description',
  },
  {
    icon: CloudServerOutlined,
    title: 'auth.features.static.title',
    description: 'auth.features.static.description',
  },
  {
    icon: EnvironmentOutlined,
    title: 'auth.features.regions.title',
    description: 'auth.features.regions.description',
  },
  {
    icon: ThunderboltOutlined,
    title: 'auth.features.traffic.title',
    description: 'auth.features.traffic.description',
  },
  {
    icon: WalletOutlined,
    title: 'auth.features.wallet.title',
    description: 'auth.features.wallet.description',
  },
  {
    icon: ApiOutlined,
    title: 'auth.features.api.title',
    description: 'auth.features.api.description',
  },
];

export function FeaturesSection() {
  const { t } = useTranslation();
  return (
    <section className={styles.section}>
      <div className={styles.inner}>
        <h2 className={styles.title}>{t('auth.features.title')}</h2>
        <p className={styles.subtitle}>{t('auth.features.subtitle')}</p>
        <div className={styles.grid}>
          {features.map(({ icon: Icon, title, description }) => (
            <article key={title} className={styles.card}>
              <span className={styles.iconBox}>
                <Icon className={styles.icon} />
              </span>
              <h3 className={styles.cardTitle}>{t(title)}</h3>
              <p className={styles.cardText}>{t(description)}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
