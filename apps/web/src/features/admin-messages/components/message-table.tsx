import type { AdminMessage, Page } from '@stratus/contract';
import { Button, Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import { MessageStateTag } from './message-state-tag.tsx';
import styles from './message-table.module.css';

interface MessageTableProps {
  data: Page<AdminMessage> | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  onDetail: (message: AdminMessage) => void;
}

/** The outbox, newest first, paged by the server. */
export function MessageTable({
  data,
  loading,
  page,
  pageSize,
  onPageChange,
  onDetail,
}: MessageTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<AdminMessage> = [
    {
      key: 'to',
      // Kept in view while the other columns scroll under it on a phone.
      fixed: 'left',
      title: t('adminMessages.column.to'),
      dataIndex: 'to',
      width: 190,
      ellipsis: { showTitle: false },
      render: (to: string) => (
        <Typography.Text ellipsis={{ tooltip: to }} className={styles.cell}>
          {to}
        </Typography.Text>
      ),
    },
    {
      key: 'state',
      title: t('adminMessages.column.state'),
      dataIndex: 'state',
      width: 100,
      render: (state: AdminMessage['state']) => <MessageStateTag state={state} />,
    },
    {
      key: 'lastReply',
      title: t('adminMessages.column.lastReply'),
      dataIndex: 'lastReply',
      width: 220,
      ellipsis: { showTitle: false },
      render: (reply: string | null) =>
        reply ? (
          <Typography.Text ellipsis={{ tooltip: reply }} className={styles.code}>
            {reply}
          </Typography.Text>
        ) : (
          '--'
        ),
    },
    {
      key: 'attempts',
      title: t('adminMessages.column.attempts'),
      dataIndex: 'attempts',
      align: 'right',
      width: 90,
      render: (attempts: number) => <span className={styles.number}>{attempts}</span>,
    },
    {
      key: 'subject',
      title: t('adminMessages.column.subject'),
      dataIndex: 'subject',
      width: 220,
      ellipsis: { showTitle: false },
      render: (subject: string) => (
        <Typography.Text ellipsis={{ tooltip: subject }} className={styles.cell}>
          {subject}
        </Typography.Text>
      ),
    },
    {
      key: 'event',
      title: t('adminMessages.column.event'),
      dataIndex: 'event',
      width: 150,
      ellipsis: { showTitle: false },
      render: (event: string) => (
        <Typography.Text ellipsis={{ tooltip: event }} className={styles.code}>
          {event}
        </Typography.Text>
      ),
    },
    {
      key: 'createdAt',
      title: withTimeZone(t('adminMessages.column.createdAt')),
      dataIndex: 'createdAt',
      width: 160,
      render: (time: string) => <span className={styles.number}>{formatDateTime(time)}</span>,
    },
    {
      key: 'sentAt',
      title: withTimeZone(t('adminMessages.column.sentAt')),
      dataIndex: 'sentAt',
      width: 160,
      render: (time: string | null) =>
        time ? <span className={styles.number}>{formatDateTime(time)}</span> : '--',
    },
    {
      key: 'actions',
      title: t('adminMessages.column.actions'),
      fixed: 'right',
      width: 96,
      render: (_, message) => (
        <Button type="link" size="small" onClick={() => onDetail(message)}>
          {t('adminMessages.detail.open')}
        </Button>
      ),
    },
  ];

  return (
    <Table<AdminMessage>
      rowKey="id"
      columns={columns}
      dataSource={data?.items ?? []}
      loading={loading}
      scroll={{ x: 1386 }}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminMessages.empty')} />
        ),
      }}
      pagination={{
        current: data?.page ?? page,
        pageSize: data?.pageSize ?? pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (total) => t('adminMessages.total', { count: total }),
        onChange: onPageChange,
      }}
    />
  );
}
