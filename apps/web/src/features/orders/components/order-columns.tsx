import type { AdminOrder, Order } from '@stratus/contract';
import { Button, Space, Typography, type TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import { formatMoney } from '../../../shared/format/money.ts';
import { orderCells } from './order-cells.tsx';
import styles from './order-columns.module.css';
import { OrderStatusTag } from './order-status-tag.tsx';

/**
 * Which order list a table is: a customer's own orders (订单列表), every customer's orders to the
 * operator (订单与退款), or one customer's orders on the operator's customer page.
 */
export type OrderListView = 'customer' | 'operator' | 'operator-one-customer';

/** The row each view lists: the operator's list of every order names each order's customer. */
export interface OrderListRow {
  customer: Order;
  operator: AdminOrder;
  'operator-one-customer': Order;
}

type ColumnKey =
  | 'orderNo'
  | 'customer'
  | 'type'
  | 'status'
  | 'total'
  | 'refunded'
  | 'items'
  | 'createdAt'
  | 'actions';

interface ViewLayout {
  /** The columns in order, each with its width (none: the column takes what is left). */
  columns: Partial<Record<ColumnKey, number | undefined>>;
  /** The table's scroll width: below it the table scrolls sideways. */
  scrollX: number;
  /** On a phone the order number stays at the left while the other columns scroll past it. */
  orderNoHeldOnPhone: boolean;
  /**
   * On a wide screen the actions stay at the right (a refund is never scrolled off); on a phone
   * they scroll with the row: held there they would cover half the narrow table.
   */
  actionsHeldOnDesktop: boolean;
}

const layouts: Record<OrderListView, ViewLayout> = {
  customer: {
    // The type fits its longest tag ("Static IP purchase") and the cell's padding.
    columns: {
      orderNo: 220,
      type: 150,
      status: 100,
      total: 120,
      items: undefined,
      createdAt: 180,
      actions: 90,
    },
    scrollX: 1000,
    orderNoHeldOnPhone: true,
    actionsHeldOnDesktop: false,
  },
  operator: {
    // Instead of the items: whose order it is, and what of it was refunded.
    columns: {
      orderNo: 210,
      customer: 260,
      type: 150,
      status: 110,
      total: 110,
      refunded: 110,
      createdAt: 180,
      actions: 90,
    },
    scrollX: 1390,
    orderNoHeldOnPhone: true,
    actionsHeldOnDesktop: true,
  },
  'operator-one-customer': {
    // The actions fit a refund beside the details.
    columns: {
      orderNo: 230,
      type: 120,
      status: 110,
      total: 120,
      items: undefined,
      createdAt: 180,
      actions: 130,
    },
    scrollX: 1130,
    orderNoHeldOnPhone: false,
    actionsHeldOnDesktop: true,
  },
};

/** The scroll width of a view's table. */
export function orderTableScrollX(view: OrderListView): number {
  return layouts[view].scrollX;
}

export interface OrderColumnsOptions<View extends OrderListView> {
  view: View;
  t: TFunction;
  /** A phone or a small tablet (`useCompactLayout`). */
  compact: boolean;
  onDetail: (order: OrderListRow[View]) => void;
  /** Given: a refund button in the row of every order not yet refunded in full. */
  onRefund?: (order: OrderListRow[View]) => void;
}

/** The columns of an order list, as its view shows them: one factory for every order table. */
export function orderColumns<View extends OrderListView>({
  view,
  t,
  compact,
  onDetail,
  onRefund,
}: OrderColumnsOptions<View>): TableColumnType<OrderListRow[View]>[] {
  // Built for any order and handed out for the view's rows: the operator's columns read what only
  // its rows carry (the customer, the refunded amount).
  type Row = OrderListRow[View];
  const layout = layouts[view];
  const build: Record<ColumnKey, () => TableColumnType<Order>> = {
    orderNo: () => ({
      title: t('orders.column.orderNo'),
      fixed: layout.orderNoHeldOnPhone && compact ? 'left' : undefined,
      render: (_, order) => <Typography.Text copyable>{order.orderNo}</Typography.Text>,
    }),
    customer: () => ({
      title: t('adminOrders.column.customer'),
      // The whole address, wrapped where it must be, with a copy button: cut short, two
      // customers' addresses could not be told apart.
      render: (_, order) => (
        <Typography.Text copyable className={styles.email}>
          {(order as AdminOrder).customerEmail}
        </Typography.Text>
      ),
    }),
    type: () => ({
      title: orderCells.type.title(t),
      render: (_, order) => orderCells.type.render(order, t),
    }),
    status: () => ({
      title: t('orders.column.status'),
      render: (_, order) => <OrderStatusTag status={order.status} />,
    }),
    total: () => ({
      title: orderCells.total.title(t),
      align: 'right',
      className: styles.amount,
      render: (_, order) => orderCells.total.render(order, t),
    }),
    refunded: () => ({
      title: t('adminOrders.column.refunded'),
      align: 'right',
      className: styles.amount,
      render: (_, order) => {
        const { refunded } = order as AdminOrder;
        return refunded > 0 ? formatMoney(refunded) : '--';
      },
    }),
    items: () => ({
      title: orderCells.items.title(t),
      ellipsis: true,
      render: (_, order) => orderCells.items.render(order, t),
    }),
    createdAt: () => ({
      title: orderCells.createdAt.title(t),
      render: (_, order) => orderCells.createdAt.render(order, t),
    }),
    actions: () => ({
      title: t('orders.column.actions'),
      fixed: layout.actionsHeldOnDesktop && !compact ? 'right' : undefined,
      render: (_, order) => {
        const detail = (
          <Button type="link" size="small" onClick={() => onDetail(order as Row)}>
            {t('orders.detail')}
          </Button>
        );
        if (!onRefund) return detail;
        return (
          <Space size={0}>
            {detail}
            {order.status !== 'refunded' && (
              <Button
                type="link"
                size="small"
                danger
                aria-label={`${t('adminOrders.refund.button')} ${order.orderNo}`}
                onClick={() => onRefund(order as Row)}
              >
                {t('adminOrders.refund.button')}
              </Button>
            )}
          </Space>
        );
      },
    }),
  };
  return Object.entries(layout.columns).map(
    ([key, width]) => ({ key, width, ...build[key as ColumnKey]() }) as TableColumnType<Row>,
  );
}
