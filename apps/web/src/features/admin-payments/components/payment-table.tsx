import type { AdminPayment, Page } from '@stratus/contract';
import { Button, Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/date.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { ADMIN_CUSTOMER_PATH } from '../../../shared/paths.ts';
import { TOUCH_TARGET } from '../../../shared/ui/touch-target.ts';
import { PaymentStatusTag } from './payment-status-tag.tsx';
import styles from './payment-table.module.css';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';

interface PaymentTableProps {
  data: Page<AdminPayment> | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  onDetail: (payment: AdminPayment) => void;
}

/** Payments, newest first, paged by the server. */
export function PaymentTable({
  data,
  loading,
  page,
  pageSize,
  onPageChange,
  onDetail,
}: PaymentTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<AdminPayment> = [
    {
      key: 'paymentNo',
      // Kept in view while the other columns scroll under it on a phone.
      fixed: 'left',
      title: t('adminPayments.column.paymentNo'),
      dataIndex: 'paymentNo',
      width: 125,
      render: (paymentNo: string) => (
        <Typography.Text copyable ellipsis={{ tooltip: paymentNo }} className={styles.code}>
          {paymentNo}
        </Typography.Text>
      ),
    },
    {
      key: 'customer',
      title: t('adminPayments.column.customer'),
      dataIndex: 'customerEmail',
      width: 180,
      ellipsis: true,
      render: (email: string, payment) => (
        <Link
          to={generatePath(ADMIN_CUSTOMER_PATH, { id: payment.customerId })}
          className={TOUCH_TARGET}
        >
          {email}
        </Link>
      ),
    },
    {
      key: 'channel',
      title: t('adminPayments.column.channel'),
      dataIndex: 'channel',
      width: 95,
      ellipsis: true,
      render: (channel: AdminPayment['channel']) => t(`payments.channel.${channel}`),
    },
    {
      key: 'amount',
      title: t('adminPayments.column.amount'),
      dataIndex: 'amount',
      align: 'right',
      width: 100,
      render: (amount: number) => <span className={styles.number}>{formatMoney(amount)}</span>,
    },
    {
      key: 'status',
      title: t('adminPayments.column.status'),
      dataIndex: 'status',
      width: 80,
      render: (status: AdminPayment['status']) => <PaymentStatusTag status={status} />,
    },
    {
      key: 'providerTradeNo',
      title: t('adminPayments.column.tradeNo'),
      dataIndex: 'providerTradeNo',
      width: 140,
      render: (tradeNo: string | null) =>
        tradeNo ? (
          <Typography.Text copyable ellipsis={{ tooltip: tradeNo }} className={styles.code}>
            {tradeNo}
          </Typography.Text>
        ) : (
          '--'
        ),
    },
    {
      key: 'createdAt',
      title: withTimeZone(t('adminPayments.column.createdAt')),
      dataIndex: 'createdAt',
      width: 160,
      render: (time: string) => <span className={styles.number}>{formatDateTime(time)}</span>,
    },
    {
      key: 'paidAt',
      title: withTimeZone(t('adminPayments.column.paidAt')),
      dataIndex: 'paidAt',
      width: 160,
      render: (time: string | null) =>
        time ? <span className={styles.number}>{formatDateTime(time)}</span> : '--',
    },
    {
      key: 'actions',
      title: t('adminPayments.column.actions'),
      fixed: 'right',
      // "Actions" and its link whole (at 70 px the title broke as Action|s).
      width: 96,
      render: (_, payment) => (
        <Button type="link" size="small" onClick={() => onDetail(payment)}>
          {t('adminPayments.detail.open')}
        </Button>
      ),
    },
  ];

  return (
    <Table<AdminPayment>
      rowKey="id"
      columns={columns}
      dataSource={data?.items ?? []}
      loading={loading}
      scroll={{ x: 1136 }}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminPayments.empty')} />
        ),
      }}
      pagination={{
        current: data?.page ?? page,
        pageSize: data?.pageSize ?? pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (total) => t('adminPayments.total', { total }),
        onChange: onPageChange,
      }}
    />
  );
}
