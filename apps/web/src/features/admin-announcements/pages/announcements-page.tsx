import { PlusOutlined } from '@ant-design/icons';
import {
  announcementStates,
  type AdminAnnouncement,
  type AnnouncementState,
} from '@stratus/contract';
import { Button, Card, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListFilters } from '../../../shared/use-list-filters.ts';
import { announcementFilters } from '../announcement-filters.ts';
import { useAdminAnnouncements } from '../api.ts';
import { AnnouncementDrawer } from '../components/announcement-drawer.tsx';
import { AnnouncementTable } from '../components/announcement-table.tsx';
import styles from './announcements-page.module.css';

const ALL = 'all';

/** 公告管理: every announcement with its state; write, edit, end now, delete. */
export default function AnnouncementsPage() {
  const { t } = useTranslation();
  const { filters, query, update, changePage } = useListFilters(announcementFilters);
  const announcements = useAdminAnnouncements(query);
  /** Open drawer: null writes a new one. Closed: undefined. */
  const [editing, setEditing] = useState<AdminAnnouncement | null | undefined>(undefined);
  return (
    <Card
      title={
        <Segmented<AnnouncementState | typeof ALL>
          className={styles.states}
          aria-label={t('adminAnnouncements.filter.state')}
          value={filters.state ?? ALL}
          onChange={(value) => update({ state: value === ALL ? undefined : value })}
          options={[
            { value: ALL, label: t('adminAnnouncements.filter.all') },
            ...announcementStates.map((state) => ({
              value: state,
              label: t(`adminAnnouncements.state.${state}`),
            })),
          ]}
        />
      }
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {t('adminAnnouncements.new')}
        </Button>
      }
    >
      <AnnouncementTable
        data={announcements.data}
        loading={announcements.isFetching}
        page={filters.page}
        pageSize={filters.pageSize}
        onPageChange={changePage}
        onEdit={setEditing}
      />
      {editing !== undefined && (
        <AnnouncementDrawer announcement={editing} onClose={() => setEditing(undefined)} />
      )}
    </Card>
  );
}
