import type { Page, TrafficPackage } from '@stratus/contract';
import { Button, Empty, Progress, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BUY_TRAFFIC_PATH } from '../../../shared/paths.ts';
import { formatBytes } from '../../../shared/format/bytes.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { PackageStatusTag } from './package-status-tag.tsx';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';

/** An active package expiring sooner than this is shown in the warning colour. */
export const EXPIRY_WARNING_DAYS = 3;

interface PackageTableProps {
  data: Page<TrafficPackage> | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
}

function usedPercent(item: TrafficPackage): number {
  return item.totalBytes > 0 ? Math.min(100, (item.usedBytes / item.totalBytes) * 100) : 0;
}

function expiresSoon(item: TrafficPackage): boolean {
  return (
    item.status === 'active' &&
    dayjs(item.expiresAt).diff(dayjs(), 'millisecond') < EXPIRY_WARNING_DAYS * 86_400_000
  );
}

/** Traffic packages, paged by the server. */
export function PackageTable({ data, loading, page, pageSize, onPageChange }: PackageTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns: TableColumnsType<TrafficPackage> = [
    {
      key: 'gb',
      title: t('traffic.packages.column.size'),
      width: 100,
      render: (_, item) => `${item.gb} GB`,
    },
    {
      key: 'usage',
      title: t('traffic.packages.column.usage'),
      width: 280,
      render: (_, item) => (
        <div data-testid={`package-usage-${item.id}`}>
          <Progress
            percent={Number(usedPercent(item).toFixed(1))}
            size="small"
            status={item.status === 'active' ? 'active' : 'normal'}
            aria-label={t('traffic.packages.usedOfTotal', {
              used: formatBytes(item.usedBytes),
              total: formatBytes(item.totalBytes),
            })}
          />
          <Typography.Text type="secondary">
            {t('traffic.packages.usedOfTotal', {
              used: formatBytes(item.usedBytes),
              total: formatBytes(item.totalBytes),
            })}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'status',
      title: t('traffic.packages.column.status'),
      width: 100,
      render: (_, item) => <PackageStatusTag status={item.status} />,
    },
    {
      key: 'createdAt',
      title: withTimeZone(t('traffic.packages.column.createdAt')),
      width: 180,
      render: (_, item) => formatDateTime(item.createdAt),
    },
    {
      key: 'expiresAt',
      title: withTimeZone(t('traffic.packages.column.expiresAt')),
      width: 180,
      render: (_, item) =>
        expiresSoon(item) ? (
          <Typography.Text type="warning" data-testid="expires-soon">
            {formatDateTime(item.expiresAt)}
          </Typography.Text>
        ) : (
          formatDateTime(item.expiresAt)
        ),
    },
    {
      key: 'orderNo',
      title: t('traffic.packages.column.orderNo'),
      width: 220,
      render: (_, item) => <Typography.Text copyable>{item.orderNo}</Typography.Text>,
    },
  ];
  return (
    <Table<TrafficPackage>
      rowKey="id"
      columns={columns}
      dataSource={data?.items ?? []}
      loading={loading}
      scroll={{ x: 1000 }}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('traffic.packages.empty')}>
            <Button type="primary" onClick={() => void navigate(BUY_TRAFFIC_PATH)}>
              {t('traffic.packages.buy')}
            </Button>
          </Empty>
        ),
      }}
      pagination={{
        current: data?.page ?? page,
        pageSize: data?.pageSize ?? pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (total) => t('traffic.packages.total', { count: total }),
        onChange: onPageChange,
      }}
    />
  );
}
