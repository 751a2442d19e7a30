import { fillPath, type AdminCustomer, type Page } from '@stratus/contract';
import { Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatBytes } from '../../../shared/format/bytes.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { ADMIN_CUSTOMER_PATH } from '../../../shared/paths.ts';
import { TOUCH_TARGET } from '../../../shared/ui/touch-target.ts';
import { useCompactLayout } from '../../../shared/ui/use-compact-layout.ts';
import { CustomerStatusTag } from './customer-status-tag.tsx';
import styles from './customer-table.module.css';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';

interface CustomerTableProps {
  data: Page<AdminCustomer> | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
}

export function customerPath(id: string): string {
  return fillPath(ADMIN_CUSTOMER_PATH, { id });
}

/** Customers found, paged by the server; a row opens the customer's page. */
export function CustomerTable({ data, loading, page, pageSize, onPageChange }: CustomerTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const compact = useCompactLayout();
  const columns: TableColumnsType<AdminCustomer> = [
    {
      key: 'email',
      title: t('adminCustomers.column.email'),
      // On a phone the customer stays named at the left while the rest scrolls past.
      fixed: compact ? 'left' : undefined,
      width: compact ? 170 : 220,
      render: (_, customer) => (
        // The link is what keyboards and screen readers follow; a click anywhere on the row too.
        <Link
          to={customerPath(customer.id)}
          className={`${styles.email} ${TOUCH_TARGET}`}
          onClick={(event) => event.stopPropagation()}
        >
          {customer.email}
        </Link>
      ),
    },
    {
      key: 'name',
      title: t('adminCustomers.column.name'),
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string) => name || '--',
    },
    {
      key: 'status',
      title: t('adminCustomers.column.status'),
      width: 90,
      render: (_, customer) => <CustomerStatusTag status={customer.status} />,
    },
    {
      key: 'balance',
      title: t('adminCustomers.column.balance'),
      align: 'right',
      width: 110,
      render: (_, customer) => (
        <span className={styles.number}>{formatMoney(customer.balance)}</span>
      ),
    },
    {
      key: 'liveIps',
      title: t('adminCustomers.column.liveIps'),
      align: 'right',
      width: 90,
      dataIndex: 'liveIps',
    },
    {
      key: 'trafficLeft',
      title: t('adminCustomers.column.trafficLeft'),
      align: 'right',
      width: 110,
      render: (_, customer) => formatBytes(customer.trafficLeftBytes),
    },
    {
      key: 'createdAt',
      title: withTimeZone(t('adminCustomers.column.createdAt')),
      width: 165,
      render: (_, customer) => formatDateTime(customer.createdAt),
    },
    {
      key: 'lastSignInAt',
      title: withTimeZone(t('adminCustomers.column.lastSignInAt')),
      width: 165,
      render: (_, customer) =>
        customer.lastSignInAt
          ? formatDateTime(customer.lastSignInAt)
          : t('adminCustomers.neverSignedIn'),
    },
  ];
  return (
    <Table<AdminCustomer>
      rowKey="id"
      columns={columns}
      dataSource={data?.items ?? []}
      loading={loading}
      scroll={{ x: 1080 }}
      rowClassName={() => styles.row ?? ''}
      onRow={(customer) => ({ onClick: () => void navigate(customerPath(customer.id)) })}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminCustomers.empty')} />
        ),
      }}
      pagination={{
        current: data?.page ?? page,
        pageSize: data?.pageSize ?? pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (total) => t('adminCustomers.total', { count: total }),
        onChange: onPageChange,
      }}
    />
  );
}
