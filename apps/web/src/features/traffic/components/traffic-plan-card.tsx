import type { TrafficPlan } from '@stratus/contract';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money.ts';
import styles from './traffic-plan-card.module.css';

interface TrafficPlanCardProps {
  plan: TrafficPlan;
  selected: boolean;
  /** The plan with the lowest price per GB. */
  bestValue: boolean;
  onSelect: (plan: TrafficPlan) => void;
}

/** One traffic plan: GB in large type, validity, price and the price per GB for comparing. */
export function TrafficPlanCard({ plan, selected, bestValue, onSelect }: TrafficPlanCardProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`${styles.card} ${selected ? styles.selected : ''}`}
      aria-pressed={selected}
      data-testid={`traffic-plan-${plan.id}`}
      onClick={() => onSelect(plan)}
    >
      {bestValue && (
        <Tag color="red" className={styles.badge}>
          {t('traffic.buy.bestValue')}
        </Tag>
      )}
      <span className={styles.size}>
        {plan.gb}
        <span className={styles.unit}>GB</span>
      </span>
      <Typography.Text type="secondary">
        {t('traffic.buy.validity', { count: plan.validityDays })}
      </Typography.Text>
      <span className={styles.foot}>
        <span className={styles.price}>{formatMoney(plan.price)}</span>
        <Typography.Text type="secondary">
          {t('traffic.buy.perGb', { price: formatMoney(plan.pricePerGb) })}
        </Typography.Text>
      </span>
    </button>
  );
}
