import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import type { AdminIpInstance } from '@stratus/contract';
import { Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';
import { InstanceStatusTag } from '../../instances/public.ts';
import { ReplacementTag } from './replacement-tag.tsx';
import styles from './ip-table.module.css';

/** The instances an address served, newest first: whose, when, and in what state. */
export function IpInstancesTable({ instances }: { instances: AdminIpInstance[] }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<AdminIpInstance> = [
    {
      key: 'customer',
      title: t('adminInventory.instance.customer'),
      dataIndex: 'customerEmail',
      ellipsis: true,
    },
    {
      key: 'status',
      title: t('adminInventory.instance.status'),
      width: 150,
      render: (_, instance) => (
        <span className={styles.tags}>
          <InstanceStatusTag status={instance.status} />
          {instance.flaggedForReplacement && <ReplacementTag />}
        </span>
      ),
    },
    {
      key: 'createdAt',
      title: withTimeZone(t('adminInventory.instance.createdAt')),
      dataIndex: 'createdAt',
      width: 140,
      render: (time: string) => <span className={styles.number}>{formatDateTime(time)}</span>,
    },
    {
      key: 'expiresAt',
      title: withTimeZone(t('adminInventory.instance.expiresAt')),
      dataIndex: 'expiresAt',
      width: 140,
      render: (time: string) => <span className={styles.number}>{formatDateTime(time)}</span>,
    },
  ];
  return (
    <Table<AdminIpInstance>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={instances}
      pagination={instances.length > 10 ? { pageSize: 10 } : false}
      scroll={{ x: 600 }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('adminInventory.detail.noInstances')}
          />
        ),
      }}
    />
  );
}
