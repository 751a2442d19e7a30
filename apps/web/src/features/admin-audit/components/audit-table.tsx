import {
  describeAuditAction,
  describeAuditActorRole,
  describeAuditChanges,
  formatAuditTarget,
  type AuditEntry,
  type MessageParams,
  type Page,
} from '@stratus/contract';
import { Empty, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../locales/index.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { staffRoleColors } from '../../admin-staff/public.ts';
import styles from './audit-table.module.css';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';

interface AuditTableProps {
  data: Page<AuditEntry> | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
}

/** Audit entries, paged by the server; labels worded as the CSV export words them. */
export function AuditTable({ data, loading, page, pageSize, onPageChange }: AuditTableProps) {
  const { t } = useTranslation();
  // The contract's label functions take a translator of the catalogue keys they use (with their
  // placeholders: a price change names its duration, 30 天价格).
  const translate = (key: MessageKey, params?: MessageParams) => t(key, params ?? {});
  const columns: TableColumnsType<AuditEntry> = [
    {
      key: 'createdAt',
      // Kept in view while the other columns scroll under it on a phone.
      fixed: 'left',
      title: withTimeZone(t('adminAudit.column.time')),
      dataIndex: 'createdAt',
      width: 150,
      render: (time: string) => <span className={styles.number}>{formatDateTime(time)}</span>,
    },
    {
      key: 'actor',
      title: t('adminAudit.column.actor'),
      dataIndex: 'actorEmail',
      width: 210,
      render: (email: string, entry) => (
        <div className={styles.actor}>
          <span>{email}</span>
          <Tag color={entry.actorRole === 'cli' ? 'default' : staffRoleColors[entry.actorRole]}>
            {describeAuditActorRole(entry.actorRole, translate)}
          </Tag>
        </div>
      ),
    },
    {
      key: 'action',
      title: t('adminAudit.column.action'),
      dataIndex: 'action',
      // Wide enough for the longest word of an action ("announcement") to stay whole.
      width: 150,
      render: (action: AuditEntry['action']) => describeAuditAction(action, translate),
    },
    {
      key: 'target',
      title: t('adminAudit.column.target'),
      width: 180,
      render: (_value, entry) => {
        const target = formatAuditTarget(entry);
        return (
          <Typography.Text
            copyable={{ text: target }}
            ellipsis={{ tooltip: target }}
            className={`${styles.code} ${styles.target}`}
          >
            {target}
          </Typography.Text>
        );
      },
    },
    {
      key: 'changes',
      title: t('adminAudit.column.changes'),
      dataIndex: 'changes',
      render: (changes: AuditEntry['changes']) => {
        const lines = describeAuditChanges(changes, translate, formatDateTime);
        if (lines.length === 0) {
          return <span className={styles.muted}>{t('adminAudit.noChanges')}</span>;
        }
        return lines.map((line) => (
          <div key={line} className={styles.code}>
            {line}
          </div>
        ));
      },
    },
    {
      key: 'reason',
      title: t('adminAudit.column.reason'),
      dataIndex: 'reason',
      width: 140,
      ellipsis: { showTitle: true },
      render: (reason: string) => reason || '--',
    },
    {
      key: 'sourceIp',
      title: t('adminAudit.column.sourceIp'),
      dataIndex: 'sourceIp',
      width: 130,
      render: (address: string | null) => <span className={styles.number}>{address ?? '--'}</span>,
    },
  ];

  return (
    <Table<AuditEntry>
      rowKey="id"
      columns={columns}
      dataSource={data?.items ?? []}
      loading={loading}
      scroll={{ x: 1100 }}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminAudit.empty')} />
        ),
      }}
      pagination={{
        current: data?.page ?? page,
        pageSize: data?.pageSize ?? pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (total) => t('adminAudit.total', { count: total }),
        onChange: onPageChange,
      }}
    />
  );
}
