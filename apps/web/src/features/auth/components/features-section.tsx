import {
  ApiOutlined,
  CloudServerOutlined,
  EnvironmentOutlined,
  NodeIndexOutlined,
  ThunderboltOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Typography } from 'antd';
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
        <Typography.Title level={2} className={styles.title}>
          {t('auth.features.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className={styles.subtitle}>
          {t('auth.features.subtitle')}
        </Typography.Paragraph>
        <div className={styles.grid}>
          {features.map(({ icon: Icon, title, description }) => (
            <article key={title} className={styles.card}>
              <span className={styles.iconBox}>
                <Icon className={styles.icon} />
              </span>
              <Typography.Title level={3} className={styles.cardTitle}>
                {t(title)}
              </Typography.Title>
              <Typography.Paragraph type="secondary" className={styles.cardText}>
                {t(description)}
              </Typography.Paragraph>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
