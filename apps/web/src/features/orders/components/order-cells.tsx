import type { Order } from '@stratus/contract';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../shared/format/business-time.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import { summariseItems } from '../item-summary.ts';
import { OrderTypeTag } from './order-type-tag.tsx';

/** How one column of an order list is titled and what its cell shows of an order. */
export interface OrderCell {
  title: (t: TFunction) => string;
  render: (order: Order, t: TFunction) => ReactNode;
}

/** The words of an order's items, for a cell that cuts them short and shows them whole on hover. */
export function orderItemsText(order: Order, t: TFunction): string {
  return summariseItems(order, t) || '--';
}

/**
 * The columns every order list words alike, drawn without Ant Design: the tables of the console
 * and the operator console (order-columns.tsx) and the overview's plain first-screen table both
 * take their titles and cells from here, so a title or a format cannot drift between them.
 */
export const orderCells: Record<'type' | 'total' | 'items' | 'createdAt', OrderCell> = {
  type: {
    title: (t) => t('orders.column.type'),
    render: (order) => <OrderTypeTag type={order.type} />,
  },
  total: {
    title: (t) => t('orders.column.total'),
    render: (order) => formatMoney(order.total),
  },
  items: {
    title: (t) => t('orders.column.items'),
    render: (order, t) => orderItemsText(order, t),
  },
  createdAt: {
    title: (t) => withTimeZone(t('orders.column.createdAt')),
    render: (order) => formatDateTime(order.createdAt),
  },
};
