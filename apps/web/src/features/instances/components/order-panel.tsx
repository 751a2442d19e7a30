import type { Quote, StaticIpPlan } from '@stratus/contract';
import { Button, Card, Empty, Form, InputNumber, Radio, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { regionLabel } from '../../../shared/format/region.ts';
import { maxQuantity, perDaySavingPercent, sortedPrices } from '../plan-display.ts';
import { QuoteSummary } from './quote-summary.tsx';
import styles from './order-panel.module.css';

export interface OrderChoice {
  durationDays: number;
  quantity: number;
  autoRenew: boolean;
}

interface OrderPanelProps {
  plan: StaticIpPlan | null;
  choice: OrderChoice;
  onChange: (changes: Partial<OrderChoice>) => void;
  quote: Quote | undefined;
  quoting: boolean;
  onBuy: () => void;
}

/** Duration, quantity and auto-renew of the chosen plan, with the live price. */
export function OrderPanel({ plan, choice, onChange, quote, quoting, onBuy }: OrderPanelProps) {
  const { t } = useTranslation();
  if (!plan) {
    return (
      <Card title={t('instances.buy.orderTitle')}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('instances.buy.choosePlan')} />
      </Card>
    );
  }
  const max = maxQuantity(plan.stock);
  // The quote must describe the current choice before it may be paid.
  const current =
    quote &&
    quote.quantity === choice.quantity &&
    quote.durationDays === choice.durationDays &&
    quote.sufficientBalance &&
    quote.sufficientStock;
  return (
    <Card title={t('instances.buy.orderTitle')}>
      <Form layout="vertical" component="div">
        <Form.Item label={t('instances.buy.plan')}>
          <Typography.Text strong>
            {regionLabel(plan.countryName, plan.city)} · {t(`instances.lineType.${plan.lineType}`)}
          </Typography.Text>
        </Form.Item>
        <Form.Item label={t('instances.buy.duration')}>
          <Radio.Group
            value={choice.durationDays}
            onChange={(event) => onChange({ durationDays: Number(event.target.value) })}
            className={styles.durations}
          >
            {sortedPrices(plan).map((price) => {
              const saving = perDaySavingPercent(plan, price.durationDays);
              return (
                <Radio.Button key={price.durationDays} value={price.durationDays}>
                  {t('instances.buy.days', { count: price.durationDays })}
                  {saving > 0 && (
                    <span className={styles.saving}>
                      {t('instances.buy.saving', { percent: saving })}
                    </span>
                  )}
                </Radio.Button>
              );
            })}
          </Radio.Group>
        </Form.Item>
        <Form.Item
          label={t('instances.buy.quantity')}
          extra={t('instances.buy.quantityHint', { max })}
        >
          <InputNumber
            aria-label={t('instances.buy.quantity')}
            min={1}
            max={max}
            precision={0}
            value={choice.quantity}
            onChange={(value) => onChange({ quantity: value ?? 1 })}
          />
        </Form.Item>
        <Form.Item label={t('instances.buy.autoRenew')} extra={t('instances.buy.autoRenewHint')}>
          <Switch
            aria-label={t('instances.buy.autoRenew')}
            checked={choice.autoRenew}
            onChange={(autoRenew) => onChange({ autoRenew })}
          />
        </Form.Item>
      </Form>
      <QuoteSummary quote={quote} loading={quoting} />
      <Button
        type="primary"
        size="large"
        block
        className={styles.buy}
        disabled={!current || quoting}
        onClick={onBuy}
      >
        {t('instances.buy.submit')}
      </Button>
    </Card>
  );
}
