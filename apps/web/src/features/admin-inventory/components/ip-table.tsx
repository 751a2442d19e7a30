import type { AdminIp, Page } from '@stratus/contract';
import { Button, Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';
import { TableTitleControl } from '../../../shared/ui/table-title-control.tsx';
import { useCompactLayout } from '../../../shared/ui/use-compact-layout.ts';
import { IpStatusTag } from './ip-status-tag.tsx';
import { LiveInstanceCell } from './live-instance-cell.tsx';
import { regionName } from './region-label.ts';
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
  const compact = useCompactLayout();
  // Grouped so the list fits a laptop screen without scrolling sideways: the address with its
  // node, the region with its line, the state with its time, the live instance with its expiry.
  // On a phone the address (with the row's checkbox) stays at the left while the rest scrolls
  // past it, and the actions scroll with the row: held at the right they would cover half of it.
  const columns: TableColumnsType<AdminIp> = [
    {
      key: 'address',
      title: t('adminInventory.column.address'),
      fixed: compact ? 'left' : undefined,
      // Narrower on a phone, with room left for the rest to scroll: a long address puts its port
      // on a line of its own.
      width: compact ? 170 : 210,
      render: (_, ip) => (
        <div className={styles.stack}>
          <Typography.Text copyable={{ text: ip.address }} className={styles.code}>
            {ip.address}:<wbr />
            {ip.port}
          </Typography.Text>
          <span className={styles.secondary}>{ip.nodeName}</span>
        </div>
      ),
    },
    {
      key: 'region',
      title: t('adminInventory.column.region'),
      width: 190,
      render: (_, ip) => (
        <div className={styles.stack} title={ip.region}>
          <span>{regionName(ip)}</span>
          <span className={styles.secondary}>{t(`instances.lineType.${ip.lineType}`)}</span>
        </div>
      ),
    },
    {
      key: 'status',
      title: t('adminInventory.column.status'),
      width: 230,
      render: (_, ip) => (
        <div className={styles.stack}>
          <span className={styles.tags}>
            <IpStatusTag status={ip.status} reason={ip.statusReason} />
            {ip.flaggedForReplacement && <ReplacementTag />}
          </span>
          <span className={`${styles.secondary} ${styles.number}`}>
            {t('adminInventory.detail.since', { time: formatDateTime(ip.statusChangedAt) })}
          </span>
        </div>
      ),
    },
    {
      key: 'instance',
      title: t('adminInventory.column.instance'),
      width: 250,
      ellipsis: true,
      render: (_, ip) => <LiveInstanceCell instance={ip.liveInstance} detailed />,
    },
    {
      key: 'actions',
      title: t('adminInventory.column.actions'),
      fixed: compact ? undefined : 'right',
      width: 90,
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
      scroll={{ x: 1000 }}
      rowSelection={
        selection && {
          selectedRowKeys: selection.selected.map((ip) => ip.id),
          columnTitle: (selectAll) => <TableTitleControl>{selectAll}</TableTitleControl>,
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
        showTotal: (total) => t('adminInventory.total', { count: total }),
        onChange: onPageChange,
      }}
    />
  );
}
