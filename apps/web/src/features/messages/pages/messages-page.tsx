import { Button, Card, Pagination, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInbox, useMarkRead } from '../api.ts';
import { InboxList } from '../components/inbox-list.tsx';
import styles from './messages-page.module.css';

const PAGE_SIZE = 20;
type Shown = 'all' | 'unread';

/** 消息中心: every message sent to the person, read in place; mark all read. */
export default function MessagesPage() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown>('all');
  const [page, setPage] = useState(1);
  const inbox = useInbox({ page, pageSize: PAGE_SIZE, unread: shown === 'unread' });
  const markRead = useMarkRead();
  const data = inbox.data;
  return (
    <Card
      title={
        <Segmented<Shown>
          aria-label={t('messages.filter.label')}
          value={shown}
          onChange={(value) => {
            setShown(value);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('messages.filter.all') },
            { value: 'unread', label: t('messages.filter.unread', { count: data?.unread ?? 0 }) },
          ]}
        />
      }
      extra={
        <Button
          disabled={!data || data.unread === 0}
          loading={markRead.isPending && 'all' in (markRead.variables ?? {})}
          onClick={() => markRead.mutate({ all: true })}
        >
          {t('messages.markAllRead')}
        </Button>
      }
    >
      <InboxList
        messages={data?.items ?? []}
        loading={inbox.isPending}
        onOpen={(message) => markRead.mutate({ ids: [message.id] })}
      />
      {data && data.total > PAGE_SIZE && (
        <Pagination
          className={styles.pagination}
          current={page}
          pageSize={PAGE_SIZE}
          total={data.total}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </Card>
  );
}
