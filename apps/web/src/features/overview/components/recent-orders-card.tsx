import type { Order } from '@stratus/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IP_ORDER_LIST_PATH } from '../../../shared/paths.ts';
import { PlainCard } from '../../../shared/ui/plain-card.tsx';
import { orderCells, orderItemsText } from '../../orders/public.ts';
import { EmptyState } from './empty-state.tsx';
import { LoadingOverlay } from './loading-overlay.tsx';
import styles from './recent-orders-card.module.css';

interface RecentOrdersCardProps {
  orders: Order[];
  loading: boolean;
}

interface Column {
  key: string;
  title: string;
  className?: string;
  render: (order: Order) => ReactNode;
}

/**
 * The newest orders in brief, with the way to all of them. A few rows that are neither sorted,
 * filtered nor paged: a plain table drawn like Ant Design's small one (its spinner and empty state
 * too), so the overview's first screen does not fetch and run the table component.
 */
export function RecentOrdersCard({ orders, loading }: RecentOrdersCardProps) {
  const { t } = useTranslation();
  // The order lists' own titles and cells (orders/public.ts), each kept to one line here.
  const columns: Column[] = [
    {
      key: 'type',
      title: orderCells.type.title(t),
      className: styles.nowrap,
      render: (order) => orderCells.type.render(order, t),
    },
    {
      key: 'items',
      title: orderCells.items.title(t),
      // Wide enough to say what was bought; the table scrolls sideways on a phone instead.
      className: styles.ellipsis,
      render: (order) => {
        const summary = orderItemsText(order, t);
        return <span title={summary}>{summary}</span>;
      },
    },
    {
      key: 'total',
      title: orderCells.total.title(t),
      className: `${styles.nowrap} ${styles.end}`,
      render: (order) => orderCells.total.render(order, t),
    },
    {
      key: 'createdAt',
      title: orderCells.createdAt.title(t),
      className: styles.nowrap,
      render: (order) => orderCells.createdAt.render(order, t),
    },
  ];
  return (
    <PlainCard
      title={t('overview.orders.title')}
      extra={<Link to={IP_ORDER_LIST_PATH}>{t('overview.orders.all')}</Link>}
    >
      <LoadingOverlay loading={loading} label={t('overview.orders.loading')}>
        {/* A tag, an amount and a date keep to one line: on a phone the rows scroll sideways
            rather than a date breaking inside itself or a tag lying over the next column. */}
        <div className={styles.scroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.key} scope="col" className={column.className}>
                    {column.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  {columns.map((column) => (
                    <td key={column.key} className={column.className}>
                      {column.render(order)}
                    </td>
                  ))}
                </tr>
              ))}
              {orders.length === 0 && (
                <tr>
                  <td colSpan={columns.length} className={styles.empty}>
                    {!loading && (
                      <EmptyState>
                        <div>{t('orders.empty')}</div>
                      </EmptyState>
                    )}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </LoadingOverlay>
    </PlainCard>
  );
}
