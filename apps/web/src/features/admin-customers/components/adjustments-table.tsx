import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import type { BalanceAdjustment, Page } from '@stratus/contract';
import {
  Button,
  Empty,
  Popconfirm,
  Space,
  Table,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
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
  const decisionOf = (adjustment: BalanceAdjustment): string => {
    if (adjustment.decidedByEmail && adjustment.decidedAt) {
      return `${adjustment.decidedByEmail} · ${formatDateTime(adjustment.decidedAt)}`;
    }
    if (adjustment.status === 'applied') return t('adminCustomers.adjustments.appliedAtOnce');
    return '--';
  };
  const columns: TableColumnsType<BalanceAdjustment> = [
    {
      key: 'createdAt',
      title: withTimeZone(t('adminCustomers.adjustments.column.createdAt')),
      width: 170,
      render: (_, adjustment) => formatDateTime(adjustment.createdAt),
    },
    {
      key: 'customer',
      title: t('adminCustomers.adjustments.column.customer'),
      width: 210,
      ellipsis: true,
      render: (_, adjustment) => (
        <Link to={customerPath(adjustment.customerId)}>{adjustment.customerEmail}</Link>
      ),
    },
    {
      key: 'amount',
      title: t('adminCustomers.adjustments.column.amount'),
      align: 'right',
      width: 120,
      render: (_, adjustment) => (
        <strong data-testid="adjustment-amount">{formatSignedMoney(adjustment.amount)}</strong>
      ),
    },
    {
      key: 'reason',
      title: t('adminCustomers.adjustments.column.reason'),
      dataIndex: 'reason',
      ellipsis: { showTitle: true },
    },
    {
      key: 'status',
      title: t('adminCustomers.adjustments.column.status'),
      width: 110,
      render: (_, adjustment) => <AdjustmentStatusTag status={adjustment.status} />,
    },
    {
      key: 'people',
      title: t('adminCustomers.adjustments.column.people'),
      width: 230,
      render: (_, adjustment) => (
        <>
          <div>{adjustment.requestedByEmail ?? '--'}</div>
          <Typography.Text type="secondary">{decisionOf(adjustment)}</Typography.Text>
        </>
      ),
    },
  ];
  if (canDecide) {
    columns.push({
      key: 'actions',
      title: t('adminCustomers.adjustments.column.actions'),
      width: 140,
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
      scroll={{ x: 1200 }}
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
