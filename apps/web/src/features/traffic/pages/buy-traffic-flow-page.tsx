import type { TrafficPlan } from '@stratus/contract';
import { Button, Card, Col, Empty, Result, Row, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePurchaseFlow } from '../../../shared/purchase/use-purchase-flow.ts';
import {
  trafficQuoteQuery,
  useCreateTrafficOrder,
  useTrafficCatalog,
  type TrafficPurchase,
} from '../api.ts';
import { ConfirmTrafficModal } from '../components/confirm-traffic-modal.tsx';
import { TrafficOrderPanel } from '../components/traffic-order-panel.tsx';
import { TrafficPlanCard } from '../components/traffic-plan-card.tsx';
import { TrafficResultModal } from '../components/traffic-result-modal.tsx';
import styles from './buy-traffic-flow-page.module.css';

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
  const createOrder = useCreateTrafficOrder();

  const plans = useMemo(() => catalog.data?.items ?? [], [catalog.data]);
  const plan = plans.find((item) => item.id === planId) ?? null;
  const best = useMemo(() => bestValueId(plans), [plans]);

  const body = useMemo<TrafficPurchase | null>(
    () => (planId ? { planId, quantity } : null),
    [planId, quantity],
  );
  const flow = usePurchaseFlow({
    body,
    quoteQuery: trafficQuoteQuery,
    purchase: createOrder,
    toResult: (data) => ({ orderNo: data.order.orderNo, trafficPackage: data.package }),
  });

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
          quote={flow.quote}
          quoting={flow.quoting}
          onBuy={flow.confirm}
        />
      </Col>
      {plan && flow.quote && (
        <ConfirmTrafficModal
          open={flow.confirming}
          plan={plan}
          quote={flow.quote}
          paying={flow.paying}
          onConfirm={flow.pay}
          onCancel={flow.cancel}
        />
      )}
      <TrafficResultModal result={flow.result} onClose={flow.closeResult} />
    </Row>
  );
}
