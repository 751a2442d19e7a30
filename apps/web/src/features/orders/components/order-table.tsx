import type { Page } from '@stratus/contract';
import { Empty, Table, type TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCompactLayout } from '../../../shared/ui/use-compact-layout.ts';
import {
  orderColumns,
  orderTableScrollX,
  type OrderColumnsOptions,
  type OrderListRow,
  type OrderListView,
} from './order-columns.tsx';

interface OrderTableProps<View extends OrderListView> extends Omit<
  OrderColumnsOptions<View>,
  't' | 'compact'
> {
  data: Page<OrderListRow[View]> | undefined;
  loading: boolean;
  pagination: TablePaginationConfig;
  /** What an empty list says. */
  emptyText: string;
}

/**
 * An order list paged by the server: a customer's own orders, every customer's to the operator,
 * or one customer's on the operator's customer page (`view`, see order-columns.tsx).
 */
export function OrderTable<View extends OrderListView>({
  data,
  loading,
  pagination,
  emptyText,
  ...columnOptions
}: OrderTableProps<View>) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  return (
    <Table<OrderListRow[View]>
      rowKey="id"
      columns={orderColumns({ ...columnOptions, t, compact })}
      dataSource={data?.items ?? []}
      loading={loading}
      scroll={{ x: orderTableScrollX(columnOptions.view) }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />,
      }}
      pagination={pagination}
    />
  );
}
