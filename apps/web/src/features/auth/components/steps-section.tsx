import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../locales/index.ts';
import styles from './steps-section.module.css';

const steps: { title: MessageKey; description: MessageKey }[] = [
  { title: 'auth.steps.topup.title', description: 'auth.steps.topup.description' },
  { title: 'auth.steps.buy.title', description: 'auth.steps.buy.description' },
  { title: 'auth.steps.connect.title', description: 'auth.steps.connect.description' },
];

export function StepsSection() {
  const { t } = useTranslation();
  return (
    <section className={styles.section}>
      <div className={styles.inner}>
        <Typography.Title level={2} className={styles.title}>
          {t('auth.steps.title')}
        </Typography.Title>
        <ol className={styles.steps}>
          {steps.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.number}>{index + 1}</span>
              <Typography.Title level={3} className={styles.stepTitle}>
                {t(step.title)}
              </Typography.Title>
              <Typography.Text type="secondary">{t(step.description)}</Typography.Text>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
