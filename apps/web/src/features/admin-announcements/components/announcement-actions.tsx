import type { AdminAnnouncement } from '@stratus/contract';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useDeleteAnnouncement, useUpdateAnnouncement } from '../api.ts';

interface AnnouncementActionsProps {
  announcement: AdminAnnouncement;
  onEdit: (announcement: AdminAnnouncement) => void;
}

/** Edit; end a showing announcement now (its end becomes this moment); delete. */
export function AnnouncementActions({ announcement, onEdit }: AnnouncementActionsProps) {
  const { t } = useTranslation();
  const update = useUpdateAnnouncement();
  const remove = useDeleteAnnouncement();
  const busy = update.isPending || remove.isPending;
  return (
    <Space size={4} wrap>
      <Button type="link" size="small" disabled={busy} onClick={() => onEdit(announcement)}>
        {t('adminAnnouncements.action.edit')}
      </Button>
      {announcement.state === 'current' && (
        <Popconfirm
          title={t('adminAnnouncements.endNow.confirm')}
          description={t('adminAnnouncements.endNow.hint')}
          okText={t('adminAnnouncements.action.endNow')}
          cancelText={t('common.cancel')}
          onConfirm={() =>
            update
              .mutateAsync({
                id: announcement.id,
                changes: { endsAt: new Date().toISOString() },
              })
              .then(() => showSuccessToast(t('adminAnnouncements.ended')))
          }
        >
          <Button type="link" size="small" disabled={busy} loading={update.isPending}>
            {t('adminAnnouncements.action.endNow')}
          </Button>
        </Popconfirm>
      )}
      <Popconfirm
        title={t('adminAnnouncements.delete.confirm')}
        description={t('adminAnnouncements.delete.hint')}
        okText={t('adminAnnouncements.action.delete')}
        okButtonProps={{ danger: true }}
        cancelText={t('common.cancel')}
        onConfirm={() =>
          remove
            .mutateAsync(announcement.id)
            .then(() => showSuccessToast(t('adminAnnouncements.deleted')))
        }
      >
        <Button type="link" size="small" danger disabled={busy} loading={remove.isPending}>
          {t('adminAnnouncements.action.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
