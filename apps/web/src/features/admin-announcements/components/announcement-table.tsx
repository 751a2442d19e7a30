import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import type { AdminAnnouncement, Page } from '@stratus/contract';
import { Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';
import { SeverityTag } from '../../announcements/public.ts';
import { AnnouncementActions } from './announcement-actions.tsx';
import { AnnouncementStateTag } from './announcement-state-tag.tsx';
import styles from './announcement-table.module.css';

interface AnnouncementTableProps {
  data: Page<AdminAnnouncement> | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  onEdit: (announcement: AdminAnnouncement) => void;
}

/** Announcements, latest start first: the title in the reader's language over the other one. */
export function AnnouncementTable({
  data,
  loading,
  page,
  pageSize,
  onPageChange,
  onEdit,
}: AnnouncementTableProps) {
  const { t, i18n } = useTranslation();
  const english = i18n.language === 'en-US';
  const columns: TableColumnsType<AdminAnnouncement> = [
    {
      key: 'title',
      title: t('adminAnnouncements.column.title'),
      render: (_, item) => (
        <div className={styles.title}>
          <span>{english ? item.titleEn : item.titleZh}</span>
          <Typography.Text type="secondary" className={styles.other}>
            {english ? item.titleZh : item.titleEn}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'severity',
      title: t('adminAnnouncements.column.severity'),
      dataIndex: 'severity',
      width: 90,
      render: (severity: AdminAnnouncement['severity']) => <SeverityTag severity={severity} />,
    },
    {
      key: 'window',
      title: withTimeZone(t('adminAnnouncements.column.window')),
      width: 200,
      render: (_, item) => (
        <div className={styles.window}>
          <span>{formatDateTime(item.startsAt)}</span>
          <span className={styles.muted}>
            {item.endsAt ? formatDateTime(item.endsAt) : t('adminAnnouncements.window.noEnd')}
          </span>
        </div>
      ),
    },
    {
      key: 'state',
      title: t('adminAnnouncements.column.state'),
      dataIndex: 'state',
      width: 100,
      render: (state: AdminAnnouncement['state']) => <AnnouncementStateTag state={state} />,
    },
    {
      key: 'updatedAt',
      title: withTimeZone(t('adminAnnouncements.column.updatedAt')),
      dataIndex: 'updatedAt',
      width: 180,
      render: (time: string) => <span className={styles.number}>{formatDateTime(time)}</span>,
    },
    {
      key: 'actions',
      title: t('adminAnnouncements.column.actions'),
      width: 220,
      render: (_, item) => <AnnouncementActions announcement={item} onEdit={onEdit} />,
    },
  ];
  return (
    <Table<AdminAnnouncement>
      rowKey="id"
      columns={columns}
      dataSource={data?.items ?? []}
      loading={loading}
      scroll={{ x: 900 }}
      locale={{
        emptyText: <Empty description={t('adminAnnouncements.empty')} />,
      }}
      pagination={{
        current: page,
        pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        onChange: onPageChange,
      }}
    />
  );
}
