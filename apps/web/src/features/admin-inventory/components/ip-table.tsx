import type { AdminIp, Page } from '@stratus/contract';
import { Button, Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';
import { IpStatusTag } from './ip-status-tag.tsx';
import { LiveInstanceCell } from './live-instance-cell.tsx';
import { regionLabel } from './region-label.ts';
import { ReplacementTag } from './replacement-tag.tsx';
import styles from './ip-table.module.css';

interface IpTableProps {
  data: Page<AdminIp> | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  onDetail: (ip: AdminIp) => void;
  /** Rows can be picked for a bulk change (the viewer holds `inventory.manage`). */
  selection?: { selected: AdminIp[]; onChange: (selected: AdminIp[]) => void };
}

/** The pool in address order, paged by the server. */
export function IpTable({
  data,
  loading,
  page,
  pageSize,
  onPageChange,
  onDetail,
  selection,
}: IpTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<AdminIp> = [
    {
      key: 'address',
      title: t('adminInventory.column.address'),
      width: 210,
      render: (_, ip) => (
        <Typography.Text copyable={{ text: ip.address }} className={styles.code}>
          {ip.address}:{ip.port}
        </Typography.Text>
      ),
    },
    {
      key: 'node',
      title: t('adminInventory.column.node'),
      dataIndex: 'nodeName',
      width: 120,
      ellipsis: true,
    },
    {
      key: 'region',
      title: t('adminInventory.column.region'),
      width: 190,
      ellipsis: true,
      render: (_, ip) => regionLabel(ip, ip.region),
    },
    {
      key: 'lineType',
      title: t('adminInventory.column.lineType'),
      dataIndex: 'lineType',
      width: 110,
      render: (lineType: AdminIp['lineType']) => t(`instances.lineType.${lineType}`),
    },
    {
      key: 'status',
      title: t('adminInventory.column.status'),
      width: 170,
      render: (_, ip) => (
        <span className={styles.tags}>
          <IpStatusTag status={ip.status} reason={ip.statusReason} />
          {ip.flaggedForReplacement && <ReplacementTag />}
        </span>
      ),
    },
    {
      key: 'instance',
      title: t('adminInventory.column.instance'),
      width: 200,
      ellipsis: true,
      render: (_, ip) => <LiveInstanceCell instance={ip.liveInstance} />,
    },
    {
      key: 'statusChangedAt',
      title: t('adminInventory.column.statusChangedAt'),
      dataIndex: 'statusChangedAt',
      width: 160,
      render: (time: string) => <span className={styles.number}>{formatDateTime(time)}</span>,
    },
    {
      key: 'actions',
      title: t('adminInventory.column.actions'),
      fixed: 'right',
      width: 70,
      render: (_, ip) => (
        <Button type="link" size="small" onClick={() => onDetail(ip)}>
          {t('adminInventory.detail.open')}
        </Button>
      ),
    },
  ];

  return (
    <Table<AdminIp>
      rowKey="id"
      columns={columns}
      dataSource={data?.items ?? []}
      loading={loading}
      scroll={{ x: 1230 }}
      rowSelection={
        selection && {
          selectedRowKeys: selection.selected.map((ip) => ip.id),
          preserveSelectedRowKeys: true,
          onChange: (_keys, rows) => selection.onChange(rows),
        }
      }
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminInventory.empty')} />
        ),
      }}
      pagination={{
        current: data?.page ?? page,
        pageSize: data?.pageSize ?? pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (total) => t('adminInventory.total', { total }),
        onChange: onPageChange,
      }}
    />
  );
}
