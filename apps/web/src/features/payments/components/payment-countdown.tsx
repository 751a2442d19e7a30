import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from '../countdown.ts';
import styles from './payment-countdown.module.css';

interface PaymentCountdownProps {
  remainingMs: number;
}

/** The time left to pay, turning red in the last minute. */
export function PaymentCountdown({ remainingMs }: PaymentCountdownProps) {
  const { t } = useTranslation();
  const urgent = remainingMs < 60_000;
  return (
    <div className={urgent ? `${styles.countdown} ${styles.urgent}` : styles.countdown}>
      <ClockCircleOutlined />
      <span>{t('payments.checkout.expiresIn')}</span>
      <span className={styles.time} data-testid="payment-countdown" role="timer">
        {formatCountdown(remainingMs)}
      </span>
    </div>
  );
}
