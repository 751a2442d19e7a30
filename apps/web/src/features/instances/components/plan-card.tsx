import type { StaticIpPlan } from '@stratus/contract';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money.ts';
import { regionLabel } from '../../../shared/format/region.ts';
import { lowestPrice, stockState } from '../plan-display.ts';
import { LineTypeTag } from './line-type-tag.tsx';
import { ProtocolTags } from './protocol-tags.tsx';
import styles from './plan-card.module.css';

interface PlanCardProps {
  plan: StaticIpPlan;
  selected: boolean;
  onSelect: (plan: StaticIpPlan) => void;
}

/** One region × line plan; sold-out plans cannot be chosen. */
export function PlanCard({ plan, selected, onSelect }: PlanCardProps) {
  const { t } = useTranslation();
  const state = stockState(plan.stock);
  const from = lowestPrice(plan);
  const soldOut = state === 'soldOut';
  // Singapore's city under Singapore says nothing new: the card names such a region once.
  const cityShown = regionLabel(plan.countryName, plan.city) !== plan.countryName;
  return (
    <button
      type="button"
      className={`${styles.card} ${selected ? styles.selected : ''}`}
      disabled={soldOut}
      aria-pressed={selected}
      data-testid={`plan-${plan.id}`}
      onClick={() => onSelect(plan)}
    >
      <span className={styles.head}>
        <span className={styles.flag} aria-hidden>
          {plan.country.toUpperCase()}
        </span>
        <span className={styles.region}>
          <Typography.Text strong>{plan.countryName}</Typography.Text>
          {cityShown && <Typography.Text type="secondary">{plan.city}</Typography.Text>}
        </span>
        <LineTypeTag lineType={plan.lineType} />
      </span>
      <ProtocolTags protocols={plan.protocols} unavailable={plan.unavailableProtocols} />
      <span className={styles.foot}>
        {soldOut ? (
          <Tag color="default">{t('instances.buy.soldOut')}</Tag>
        ) : state === 'low' ? (
          <Tag color="orange">{t('instances.buy.stockLeft', { count: plan.stock })}</Tag>
        ) : (
          <Typography.Text type="secondary">{t('instances.buy.inStock')}</Typography.Text>
        )}
        {from !== null && (
          <span className={styles.price}>
            {t('instances.buy.fromPrice', { price: formatMoney(from) })}
          </span>
        )}
      </span>
    </button>
  );
}
