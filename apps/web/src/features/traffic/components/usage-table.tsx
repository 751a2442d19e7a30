import type { UsageBucket, UsageGranularity } from '@stratus/contract';
import { Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format/bytes.ts';
import { bucketLabel } from '../usage-labels.ts';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';

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
  return (
    <Table<UsageBucket>
      rowKey="at"
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={{
        defaultPageSize: 24,
        showSizeChanger: true,
        pageSizeOptions: [24, 48, 96],
        showTotal: (total) => t('traffic.usage.rows', { total }),
      }}
    />
  );
}
