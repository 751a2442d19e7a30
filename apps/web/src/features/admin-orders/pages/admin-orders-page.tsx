import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listPagination } from '../../../shared/ui/list-pagination.ts';
import { FilterBar } from '../../../shared/ui/filter-bar.tsx';
import { useListFilters } from '../../../shared/use-list-filters.ts';
import { OrderTable } from '../../orders/public.ts';
import { useAdminOrders, useRenewalFailures } from '../api.ts';
import { AdminOrderDrawer } from '../components/admin-order-drawer.tsx';
import { RenewalFailureTable } from '../components/renewal-failure-table.tsx';
import {
  adminOrderFilterFields,
  adminOrderFilters,
  type AdminOrdersTab,
} from '../admin-order-filters.ts';

/** Every customer's orders with their refunds, and the static IPs whose auto-renewal failed. */
export default function AdminOrdersPage() {
  const { t } = useTranslation();
  const { filters, query, update, changePage } = useListFilters(adminOrderFilters);
  const paging = { page: filters.page, pageSize: filters.pageSize };
  const onOrdersTab = filters.tab === 'orders';
  const orders = useAdminOrders(query, onOrdersTab);
  const failures = useRenewalFailures(paging, !onOrdersTab);
  const [detailId, setDetailId] = useState<string | null>(null);

  return (
    <Card>
      <Tabs
        activeKey={filters.tab}
        onChange={(tab) => update({ tab: tab as AdminOrdersTab })}
        items={[
          {
            key: 'orders',
            label: t('adminOrders.tab.orders'),
            children: onOrdersTab && (
              <>
                <FilterBar
                  fields={adminOrderFilterFields(t)}
                  values={filters}
                  onChange={update}
                  reset={{ label: t('adminOrders.filter.reset') }}
                />
                <OrderTable
                  view="operator"
                  data={orders.data}
                  loading={orders.isFetching}
                  emptyText={t('adminOrders.empty')}
                  pagination={listPagination({
                    data: orders.data,
                    page: filters.page,
                    pageSize: filters.pageSize,
                    showTotal: (total) => t('adminOrders.total', { total }),
                    onChange: changePage,
                  })}
                  onDetail={(order) => setDetailId(order.id)}
                />
              </>
            ),
          },
          {
            key: 'renewal-failures',
            label: t('adminOrders.tab.renewalFailures'),
            children: !onOrdersTab && (
              <RenewalFailureTable
                data={failures.data}
                loading={failures.isFetching}
                page={filters.page}
                pageSize={filters.pageSize}
                onPageChange={changePage}
              />
            ),
          },
        ]}
      />
      <AdminOrderDrawer orderId={detailId} onClose={() => setDetailId(null)} />
    </Card>
  );
}
