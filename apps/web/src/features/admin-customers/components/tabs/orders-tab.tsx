import { hasPermission } from '@stratus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminOrderDrawer } from '../../../admin-orders/public.ts';
import { OrderTable } from '../../../orders/public.ts';
import { useMe } from '../../../users/public.ts';
import { useCustomerTab } from '../../api.ts';
import { useTabPaging } from '../../use-tab-paging.ts';

export function OrdersTab({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const { paging, pagination } = useTabPaging();
  const orders = useCustomerTab(customerId, 'orders', paging);
  const role = useMe().data?.role;
  const mayRefund = role !== undefined && hasPermission(role, 'orders.refund');
  // The order the drawer shows, and whether it opened on its refund (the same drawer and dialog
  // as 订单与退款).
  const [open, setOpen] = useState<{ id: string; refund: boolean } | null>(null);
  return (
    <>
      <OrderTable
        view="operator-one-customer"
        data={orders.data}
        loading={orders.isFetching}
        emptyText={t('adminCustomers.tab.empty')}
        pagination={pagination(orders.data)}
        onDetail={(order) => setOpen({ id: order.id, refund: false })}
        onRefund={mayRefund ? (order) => setOpen({ id: order.id, refund: true }) : undefined}
      />
      {/* Keyed per opening: the refund dialog opens with the drawer it was asked from. */}
      <AdminOrderDrawer
        key={open ? `${open.id}-${open.refund}` : 'closed'}
        orderId={open?.id ?? null}
        refundAtOnce={open?.refund ?? false}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
