import type { LineType, StaticIpPlan } from '@stratus/contract';
import { Button, Card, Col, Empty, Result, Row, Segmented, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePurchaseFlow } from '../../../shared/purchase/use-purchase-flow.ts';
import { useCompactLayout } from '../../../shared/ui/use-compact-layout.ts';
import {
  staticIpQuoteQuery,
  useCreateStaticIpOrder,
  type StaticIpPurchase,
} from '../../orders/public.ts';
import { useStaticIpCatalog } from '../api.ts';
import { ConfirmPurchaseModal } from '../components/confirm-purchase-modal.tsx';
import { OrderPanel, type OrderChoice } from '../components/order-panel.tsx';
import { PlanCard } from '../components/plan-card.tsx';
import { PurchaseResultModal } from '../components/purchase-result-modal.tsx';
import { maxQuantity, sortedPrices } from '../plan-display.ts';
import styles from './buy-static-ip-page.module.css';

type LineFilter = LineType | 'all';

export default function BuyStaticIpPage() {
  const { t } = useTranslation();
  const catalog = useStaticIpCatalog();
  const [lineFilter, setLineFilter] = useState<LineFilter>('all');
  const [planId, setPlanId] = useState<string | null>(null);
  const [choice, setChoice] = useState<OrderChoice>({
    durationDays: 0,
    quantity: 1,
    autoRenew: false,
  });
  const createOrder = useCreateStaticIpOrder();
  const compact = useCompactLayout();

  const plans = catalog.data?.items ?? [];
  const plan = plans.find((item) => item.id === planId) ?? null;
  const visible = plans.filter((item) => lineFilter === 'all' || item.lineType === lineFilter);

  const body = useMemo<StaticIpPurchase | null>(
    () =>
      planId && choice.durationDays > 0
        ? {
            planId,
            durationDays: choice.durationDays,
            quantity: choice.quantity,
            autoRenew: choice.autoRenew,
          }
        : null,
    [planId, choice.durationDays, choice.quantity, choice.autoRenew],
  );
  const flow = usePurchaseFlow({
    body,
    quoteQuery: staticIpQuoteQuery,
    purchase: createOrder,
    toResult: (data) => ({ orderNo: data.order.orderNo, instances: data.instances }),
  });

  const selectPlan = (next: StaticIpPlan) => {
    setPlanId(next.id);
    const durations = sortedPrices(next).map((price) => price.durationDays);
    setChoice((current) => ({
      ...current,
      durationDays: durations.includes(current.durationDays)
        ? current.durationDays
        : (durations[0] ?? 0),
      quantity: Math.min(current.quantity, maxQuantity(next.stock)),
    }));
  };

  const lineFilterControl = (
    <Segmented<LineFilter>
      block={compact}
      value={lineFilter}
      onChange={setLineFilter}
      options={[
        { value: 'all', label: t('instances.lineType.all') },
        { value: 'isp_residential', label: t('instances.lineType.isp_residential') },
        { value: 'datacenter', label: t('instances.lineType.datacenter') },
      ]}
    />
  );

  if (catalog.isError) {
    return (
      <Result
        status="warning"
        title={t('instances.buy.plansFailed')}
        extra={<Button onClick={() => void catalog.refetch()}>{t('instances.buy.retry')}</Button>}
      />
    );
  }

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={15}>
        <Card
          title={t('instances.buy.plansTitle')}
          // Beside the title on a phone the filter would squeeze it to "选择地区…": it goes under.
          extra={compact ? undefined : lineFilterControl}
        >
          {compact && <div className={styles.compactFilter}>{lineFilterControl}</div>}
          {catalog.isPending ? (
            <Skeleton active />
          ) : visible.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('instances.buy.noPlans')} />
          ) : (
            <div className={styles.plans}>
              {visible.map((item) => (
                <PlanCard
                  key={item.id}
                  plan={item}
                  selected={item.id === planId}
                  onSelect={selectPlan}
                />
              ))}
            </div>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={9}>
        <OrderPanel
          plan={plan}
          choice={choice}
          onChange={(changes) => setChoice((current) => ({ ...current, ...changes }))}
          quote={flow.quote}
          quoting={flow.quoting}
          onBuy={flow.confirm}
        />
      </Col>
      {plan && flow.quote && (
        <ConfirmPurchaseModal
          open={flow.confirming}
          plan={plan}
          choice={choice}
          quote={flow.quote}
          paying={flow.paying}
          onConfirm={flow.pay}
          onCancel={flow.cancel}
        />
      )}
      <PurchaseResultModal result={flow.result} onClose={flow.closeResult} />
    </Row>
  );
}
