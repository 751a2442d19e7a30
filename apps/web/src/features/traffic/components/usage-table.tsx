import type { UsageBucket, UsageGranularity } from '@stratus/contract';
import { Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format/bytes.ts';
import { bucketLabel } from '../usage-labels.ts';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';

/**
 * Rows per page by granularity: a whole day of hours (or a week) on a page, a whole month of days
 * (or a week, or a quarter).
 */
export const usagePageSizes: Record<UsageGranularity, { initial: number; options: number[] }> = {
  hour: { initial: 24, options: [24, 48, 168] },
  day: { initial: 31, options: [7, 31, 92] },
};

interface UsageTableProps {
  buckets: UsageBucket[];
  granularity: UsageGranularity;
  loading: boolean;
}

/** The chart's buckets as rows, newest first, paged here (the series is already loaded). */
export function UsageTable({ buckets, granularity, loading }: UsageTableProps) {
  const { t } = useTranslation();
  const rows = useMemo(() => [...buckets].reverse(), [buckets]);
  const columns: TableColumnsType<UsageBucket> = [
    {
      key: 'at',
      title: withTimeZone(t('traffic.usage.column.time')),
      render: (_, bucket) => bucketLabel(bucket.at, granularity),
    },
    {
      key: 'up',
      title: t('traffic.usage.upload'),
      align: 'right',
      render: (_, bucket) => formatBytes(bucket.bytesUp),
    },
    {
      key: 'down',
      title: t('traffic.usage.download'),
      align: 'right',
      render: (_, bucket) => formatBytes(bucket.bytesDown),
    },
    {
      key: 'total',
      title: t('traffic.usage.total'),
      align: 'right',
      render: (_, bucket) => formatBytes(bucket.bytesUp + bucket.bytesDown),
    },
  ];
  const pageSizes = usagePageSizes[granularity];
  return (
    <Table<UsageBucket>
      // A new granularity starts on its own page size, from the first page.
      key={granularity}
      rowKey="at"
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={{
        defaultPageSize: pageSizes.initial,
        showSizeChanger: true,
        pageSizeOptions: pageSizes.options,
        showTotal: (total) => t('traffic.usage.rows', { count: total }),
      }}
    />
  );
}
