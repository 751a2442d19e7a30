import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../shared/ui/filter-bar.tsx';
import { listPagination } from '../../../shared/ui/list-pagination.ts';
import { useListFilters } from '../../../shared/use-list-filters.ts';
import { useOrders } from '../api.ts';
import { OrderDetailDrawer } from '../components/order-detail-drawer.tsx';
import { OrderTable } from '../components/order-table.tsx';
import { orderFilterFields, orderFilters } from '../order-filters.ts';

export default function IpOrderListPage() {
  const { t } = useTranslation();
  const { filters, query, update, changePage } = useListFilters(orderFilters);
  const orders = useOrders(query);
  const [detailId, setDetailId] = useState<string | null>(null);
  return (
    <Card>
      <FilterBar fields={orderFilterFields(t)} values={filters} onChange={update} />
      <OrderTable
        view="customer"
        data={orders.data}
        loading={orders.isFetching}
        emptyText={t('orders.empty')}
        pagination={listPagination({
          data: orders.data,
          page: filters.page,
          pageSize: filters.pageSize,
          showTotal: (total) => t('orders.total', { count: total }),
          onChange: changePage,
        })}
        onDetail={(order) => setDetailId(order.id)}
      />
      <OrderDetailDrawer orderId={detailId} onClose={() => setDetailId(null)} />
    </Card>
  );
}
