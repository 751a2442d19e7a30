import { SendOutlined } from '@ant-design/icons';
import { hasPermission } from '@stratus/contract';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../shared/ui/filter-bar.tsx';
import { useListFilters } from '../../../shared/use-list-filters.ts';
import { useMe } from '../../users/public.ts';
import { useAdminMessages } from '../api.ts';
import { MessageDetailDrawer } from '../components/message-detail-drawer.tsx';
import { MessageTable } from '../components/message-table.tsx';
import { TestEmailModal } from '../components/test-email-modal.tsx';
import { messageFilterFields, messageFilters } from '../message-filters.ts';

/**
 * 邮件发件箱: every message with its state, attempts and the SMTP server's last answer, each
 * previewed as it was written; a failed one is resent from its drawer, and a test email shows
 * what the SMTP server says now.
 */
export default function MessagesPage() {
  const { t } = useTranslation();
  const { filters, query, update, changePage } = useListFilters(messageFilters);
  const messages = useAdminMessages(query);
  const me = useMe().data;
  const canManage = me !== undefined && hasPermission(me.role, 'messages.manage');
  const [detailId, setDetailId] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);
  return (
    <Card>
      <FilterBar
        fields={messageFilterFields(t)}
        values={filters}
        onChange={update}
        reset={{ label: t('adminMessages.filter.reset') }}
        actions={
          canManage ? (
            <Button icon={<SendOutlined />} onClick={() => setTesting(true)}>
              {t('adminMessages.test.open')}
            </Button>
          ) : undefined
        }
      />
      <MessageTable
        data={messages.data}
        loading={messages.isFetching}
        page={filters.page}
        pageSize={filters.pageSize}
        onPageChange={changePage}
        onDetail={(message) => setDetailId(message.id)}
      />
      <MessageDetailDrawer
        messageId={detailId}
        canManage={canManage}
        onClose={() => setDetailId(null)}
      />
      <TestEmailModal open={testing} defaultTo={me?.email} onClose={() => setTesting(false)} />
    </Card>
  );
}
