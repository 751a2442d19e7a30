import type { AdminOrderDetail } from '@stratus/contract';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money.ts';
import { summariseItem } from '../../orders/public.ts';

type Line = AdminOrderDetail['items'][number] & { key: number };

/** The order's lines: what was bought and what each cost. */
export function OrderLinesTable({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  return (
    <Table<Line>
      rowKey="key"
      size="small"
      pagination={false}
      // Lines have no id of their own; their position names them.
      dataSource={order.items.map((item, key) => ({ ...item, key }))}
      columns={[
        {
          key: 'item',
          title: t('orders.column.items'),
          render: (_, line) => summariseItem(line, t),
        },
        {
          key: 'amount',
          title: t('orders.item.amount'),
          align: 'right',
          width: 120,
          render: (_, line) => formatMoney(line.amount),
        },
      ]}
    />
  );
}
