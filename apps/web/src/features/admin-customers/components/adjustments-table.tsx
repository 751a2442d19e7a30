import type { BalanceAdjustment, Page } from '@stratus/contract';
import { Button, Empty, Popconfirm, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/date.ts';
import { formatSignedMoney } from '../../../shared/format/money.ts';
import { AdjustmentStatusTag } from './adjustment-status-tag.tsx';
import { customerPath } from './customer-table.tsx';

interface AdjustmentsTableProps {
  data: Page<BalanceAdjustment> | undefined;
  loading: boolean;
  /** The signed-in operator: their own requests cannot be decided by them. */
  operatorId: string;
  /** Whether the role may approve and reject; without it there is no actions column. */
  canDecide: boolean;
  deciding: boolean;
  onApprove: (adjustment: BalanceAdjustment) => void;
  onReject: (adjustment: BalanceAdjustment) => void;
  pagination: {
    page: number;
    pageSize: number;
    onChange: (page: number, pageSize: number) => void;
  };
}

/** Adjustments, pending first; approvers decide other operators' requests here. */
export function AdjustmentsTable({
  data,
  loading,
  operatorId,
  canDecide,
  deciding,
  onApprove,
  onReject,
  pagination,
}: AdjustmentsTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<BalanceAdjustment> = [
    {
      key: 'createdAt',
      title: t('adminCustomers.adjustments.column.createdAt'),
      width: 180,
      render: (_, adjustment) => formatDateTime(adjustment.createdAt),
    },
    {
      key: 'customer',
      title: t('adminCustomers.adjustments.column.customer'),
      width: 240,
      render: (_, adjustment) => (
        <Link to={customerPath(adjustment.customerId)}>{adjustment.customerEmail}</Link>
      ),
    },
    {
      key: 'amount',
      title: t('adminCustomers.adjustments.column.amount'),
      align: 'right',
      width: 130,
      render: (_, adjustment) => (
        <strong data-testid="adjustment-amount">{formatSignedMoney(adjustment.amount)}</strong>
      ),
    },
    {
      key: 'reason',
      title: t('adminCustomers.adjustments.column.reason'),
      ellipsis: true,
      dataIndex: 'reason',
    },
    {
      key: 'status',
      title: t('adminCustomers.adjustments.column.status'),
      width: 110,
      render: (_, adjustment) => <AdjustmentStatusTag status={adjustment.status} />,
    },
    {
      key: 'requestedBy',
      title: t('adminCustomers.adjustments.column.requestedBy'),
      width: 220,
      render: (_, adjustment) => adjustment.requestedByEmail ?? '--',
    },
    {
      key: 'decidedBy',
      title: t('adminCustomers.adjustments.column.decidedBy'),
      width: 220,
      render: (_, adjustment) =>
        adjustment.decidedByEmail ??
        (adjustment.status === 'applied' ? t('adminCustomers.adjustments.appliedAtOnce') : '--'),
    },
    {
      key: 'decidedAt',
      title: t('adminCustomers.adjustments.column.decidedAt'),
      width: 180,
      render: (_, adjustment) =>
        adjustment.decidedAt ? formatDateTime(adjustment.decidedAt) : '--',
    },
  ];
  if (canDecide) {
    columns.push({
      key: 'actions',
      title: t('adminCustomers.adjustments.column.actions'),
      width: 160,
      fixed: 'right',
      render: (_, adjustment) => {
        if (adjustment.status !== 'pending') return null;
        const own = adjustment.requestedById === operatorId;
        const buttons = (
          <Space size={4}>
            <Popconfirm
              title={t('adminCustomers.adjustments.approveConfirm', {
                email: adjustment.customerEmail,
                amount: formatSignedMoney(adjustment.amount),
              })}
              okText={t('adminCustomers.adjustments.approve')}
              cancelText={t('common.cancel')}
              onConfirm={() => onApprove(adjustment)}
              disabled={own}
            >
              <Button type="link" size="small" disabled={own || deciding}>
                {t('adminCustomers.adjustments.approve')}
              </Button>
            </Popconfirm>
            <Button
              type="link"
              size="small"
              danger
              disabled={own || deciding}
              onClick={() => onReject(adjustment)}
            >
              {t('adminCustomers.adjustments.reject')}
            </Button>
          </Space>
        );
        return own ? (
          <Tooltip title={t('adminCustomers.adjustments.ownRequest')}>{buttons}</Tooltip>
        ) : (
          buttons
        );
      },
    });
  }
  return (
    <Table<BalanceAdjustment>
      rowKey="id"
      columns={columns}
      dataSource={data?.items ?? []}
      loading={loading}
      scroll={{ x: 1500 }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('adminCustomers.adjustments.empty')}
          />
        ),
      }}
      pagination={{
        current: data?.page ?? pagination.page,
        pageSize: data?.pageSize ?? pagination.pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (total) => t('adminCustomers.tab.total', { total }),
        onChange: pagination.onChange,
      }}
    />
  );
}
