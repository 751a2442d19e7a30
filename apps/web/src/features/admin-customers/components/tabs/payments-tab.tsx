import { withTimeZone } from '../../../../shared/format/time-zone-title.ts';
import type { AdminCustomerPayment, PaymentStatus } from '@stratus/contract';
import { Empty, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/date.ts';
import { formatMoney } from '../../../../shared/format/money.ts';
import { useCustomerTab } from '../../api.ts';
import { useTabPaging } from '../../use-tab-paging.ts';

const statusColours: Record<PaymentStatus, string> = {
  pending: 'processing',
  paid: 'success',
  closed: 'default',
};

export function PaymentsTab({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const { paging, pagination } = useTabPaging();
  const payments = useCustomerTab(customerId, 'payments', paging);
  const columns: TableColumnsType<AdminCustomerPayment> = [
    {
      key: 'paymentNo',
      title: t('adminCustomers.payment.id'),
      width: 220,
      render: (_, payment) => (
        <Typography.Text copyable code>
          {payment.paymentNo}
        </Typography.Text>
      ),
    },
    {
      key: 'channel',
      title: t('adminCustomers.payment.channel'),
      width: 110,
      render: (_, payment) => t(`payments.channel.${payment.channel}`),
    },
    {
      key: 'amount',
      title: t('adminCustomers.payment.amount'),
      align: 'right',
      width: 120,
      render: (_, payment) => formatMoney(payment.amount),
    },
    {
      key: 'status',
      title: t('adminCustomers.payment.status'),
      width: 100,
      render: (_, payment) => (
        <Tag color={statusColours[payment.status]}>
          {t(`adminCustomers.payment.status.${payment.status}`)}
        </Tag>
      ),
    },
    {
      key: 'tradeNo',
      title: t('adminCustomers.payment.tradeNo'),
      ellipsis: true,
      render: (_, payment) => payment.providerTradeNo ?? '--',
    },
    {
      key: 'createdAt',
      title: withTimeZone(t('adminCustomers.payment.createdAt')),
      width: 180,
      render: (_, payment) => formatDateTime(payment.createdAt),
    },
    {
      key: 'paidAt',
      title: withTimeZone(t('adminCustomers.payment.paidAt')),
      width: 180,
      render: (_, payment) => (payment.paidAt ? formatDateTime(payment.paidAt) : '--'),
    },
  ];
  return (
    <Table<AdminCustomerPayment>
      rowKey="id"
      columns={columns}
      dataSource={payments.data?.items ?? []}
      loading={payments.isFetching}
      scroll={{ x: 1100 }}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminCustomers.tab.empty')} />
        ),
      }}
      pagination={pagination(payments.data)}
    />
  );
}
