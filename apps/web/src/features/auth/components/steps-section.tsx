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
        <h2 className={styles.title}>{t('auth.steps.title')}</h2>
        <ol className={styles.steps}>
          {steps.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.number}>{index + 1}</span>
              <h3 className={styles.stepTitle}>{t(step.title)}</h3>
              <span className={styles.stepText}>{t(step.description)}</span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
