import { hasPermission } from '@stratus/contract';
import { Button, Drawer, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../users/public.ts';
import { useAdminOrder } from '../api.ts';
import styles from './admin-order-drawer.module.css';
import { OrderInstancesTable } from './order-instances-table.tsx';
import { OrderLinesTable } from './order-lines-table.tsx';
import { OrderRefundsTable } from './order-refunds-table.tsx';
import { OrderSummary } from './order-summary.tsx';
import { RefundModal } from './refund-modal.tsx';

/**
 * One order as the server has it now: its lines, the instances with their IPs, its refunds, and
 * (for staff who may refund, while anything is left) the refund button.
 */
export function AdminOrderDrawer({
  orderId,
  onClose,
  refundAtOnce = false,
}: {
  orderId: string | null;
  onClose: () => void;
  /** Opens the refund dialog as soon as the order is read (the 退款 action of a list's row). */
  refundAtOnce?: boolean;
}) {
  const { t } = useTranslation();
  const order = useAdminOrder(orderId).data;
  const role = useMe().data?.role;
  const [refunding, setRefunding] = useState(refundAtOnce);
  const mayRefund = role !== undefined && hasPermission(role, 'orders.refund');
  return (
    <Drawer
      open={orderId !== null}
      size={720}
      title={t('adminOrders.detail.title')}
      onClose={onClose}
      extra={
        mayRefund &&
        order && (
          <Button danger disabled={order.refundable <= 0} onClick={() => setRefunding(true)}>
            {t('adminOrders.refund.button')}
          </Button>
        )
      }
    >
      {!order || order.id !== orderId ? (
        <Skeleton active />
      ) : (
        <>
          <OrderSummary order={order} />
          <Typography.Title level={5} className={styles.title}>
            {t('orders.detail.items')}
          </Typography.Title>
          <OrderLinesTable order={order} />
          <Typography.Title level={5} className={styles.title}>
            {t('adminOrders.detail.instances')}
          </Typography.Title>
          <OrderInstancesTable order={order} />
          <Typography.Title level={5} className={styles.title}>
            {t('adminOrders.detail.refunds')}
          </Typography.Title>
          <OrderRefundsTable order={order} />
          {/* Mounted per opening: each opening refunds with its own idempotency key. */}
          {refunding && <RefundModal order={order} onClose={() => setRefunding(false)} />}
        </>
      )}
    </Drawer>
  );
}
