import type { TrafficPlan, TrafficQuote } from '@stratus/contract';
import { Button, Card, Empty, Form, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TrafficQuoteSummary } from './traffic-quote-summary.tsx';
import styles from './traffic-order-panel.module.css';

/** Packages of one plan per purchase (`trafficPurchaseSchema` allows 1–100). */
export const MAX_TRAFFIC_QUANTITY = 100;

interface TrafficOrderPanelProps {
  plan: TrafficPlan | null;
  quantity: number;
  onQuantityChange: (quantity: number) => void;
  quote: TrafficQuote | undefined;
  quoting: boolean;
  onBuy: () => void;
}

/** Quantity of the chosen plan with the live quote and the buy button. */
export function TrafficOrderPanel({
  plan,
  quantity,
  onQuantityChange,
  quote,
  quoting,
  onBuy,
}: TrafficOrderPanelProps) {
  const { t } = useTranslation();
  if (!plan) {
    return (
      <Card title={t('traffic.buy.orderTitle')}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('traffic.buy.choosePlan')} />
      </Card>
    );
  }
  // The quote must describe the current choice before it may be paid.
  const payable = quote && quote.quantity === quantity && quote.sufficientBalance;
  return (
    <Card title={t('traffic.buy.orderTitle')}>
      <Form layout="vertical" component="div">
        <Form.Item label={t('traffic.buy.plan')}>
          <Typography.Text strong>
            {t('traffic.buy.planLabel', { gb: plan.gb, count: plan.validityDays })}
          </Typography.Text>
        </Form.Item>
        <Form.Item
          label={t('traffic.buy.quantity')}
          extra={t('traffic.buy.quantityHint', {
            gb: plan.gb * quantity,
            max: MAX_TRAFFIC_QUANTITY,
          })}
        >
          <InputNumber
            aria-label={t('traffic.buy.quantity')}
            min={1}
            max={MAX_TRAFFIC_QUANTITY}
            precision={0}
            mode="spinner"
            value={quantity}
            onChange={(value) => onQuantityChange(value ?? 1)}
          />
        </Form.Item>
      </Form>
      <TrafficQuoteSummary quote={quote} loading={quoting} />
      <Button
        type="primary"
        size="large"
        block
        className={styles.buy}
        disabled={!payable || quoting}
        onClick={onBuy}
      >
        {t('traffic.buy.submit')}
      </Button>
    </Card>
  );
}
