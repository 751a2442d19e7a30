import type { TrafficPackage, TrafficPlan } from '@stratus/contract';
import { Button, Card, Col, Empty, Result, Row, Skeleton } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/use-debounced-value.ts';
import {
  useCreateTrafficOrder,
  useTrafficCatalog,
  useTrafficQuote,
  type TrafficPurchase,
} from '../api.ts';
import { ConfirmTrafficModal } from '../components/confirm-traffic-modal.tsx';
import { TrafficOrderPanel } from '../components/traffic-order-panel.tsx';
import { TrafficPlanCard } from '../components/traffic-plan-card.tsx';
import { TrafficResultModal } from '../components/traffic-result-modal.tsx';
import styles from './buy-traffic-flow-page.module.css';

export const QUOTE_DEBOUNCE_MS = 300;

/** The plan with the lowest price per GB; the first of equals. */
function bestValueId(plans: TrafficPlan[]): string | null {
  let best: TrafficPlan | null = null;
  for (const plan of plans) if (!best || plan.pricePerGb < best.pricePerGb) best = plan;
  return plans.length > 1 && best ? best.id : null;
}

export default function BuyTrafficFlowPage() {
  const { t } = useTranslation();
  const catalog = useTrafficCatalog();
  const [planId, setPlanId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{
    orderNo: string;
    trafficPackage: TrafficPackage;
  } | null>(null);
  // One key per confirmed purchase: a retry of the same confirmation cannot buy twice.
  const idempotencyKey = useRef('');
  const createOrder = useCreateTrafficOrder();

  const plans = useMemo(() => catalog.data?.items ?? [], [catalog.data]);
  const plan = plans.find((item) => item.id === planId) ?? null;
  const best = useMemo(() => bestValueId(plans), [plans]);

  const body = useMemo<TrafficPurchase | null>(
    () => (planId ? { planId, quantity } : null),
    [planId, quantity],
  );
  const debouncedBody = useDebouncedValue(body, QUOTE_DEBOUNCE_MS);
  const quote = useTrafficQuote(debouncedBody);
  const quoteIsCurrent = debouncedBody === body && !quote.isFetching;

  const openConfirm = () => {
    idempotencyKey.current = crypto.randomUUID();
    setConfirming(true);
  };

  const pay = () => {
    if (!body) return;
    createOrder.mutate(
      { body, idempotencyKey: idempotencyKey.current },
      {
        onSuccess: (data) => {
          setConfirming(false);
          setResult({ orderNo: data.order.orderNo, trafficPackage: data.package });
        },
        // The server's localised reason is toasted; the fresh quote shows what changed.
        onError: () => setConfirming(false),
      },
    );
  };

  if (catalog.isError) {
    return (
      <Result
        status="warning"
        title={t('traffic.buy.plansFailed')}
        extra={<Button onClick={() => void catalog.refetch()}>{t('traffic.buy.retry')}</Button>}
      />
    );
  }

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={15}>
        <Card title={t('traffic.buy.plansTitle')}>
          {catalog.isPending ? (
            <Skeleton active />
          ) : plans.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('traffic.buy.noPlans')} />
          ) : (
            <div className={styles.plans}>
              {plans.map((item) => (
                <TrafficPlanCard
                  key={item.id}
                  plan={item}
                  selected={item.id === planId}
                  bestValue={item.id === best}
                  onSelect={(next) => setPlanId(next.id)}
                />
              ))}
            </div>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={9}>
        <TrafficOrderPanel
          plan={plan}
          quantity={quantity}
          onQuantityChange={setQuantity}
          quote={body ? quote.data : undefined}
          quoting={!quoteIsCurrent}
          onBuy={openConfirm}
        />
      </Col>
      {plan && quote.data && (
        <ConfirmTrafficModal
          open={confirming}
          plan={plan}
          quote={quote.data}
          paying={createOrder.isPending}
          onConfirm={pay}
          onCancel={() => setConfirming(false)}
        />
      )}
      <TrafficResultModal result={result} onClose={() => setResult(null)} />
    </Row>
  );
}
