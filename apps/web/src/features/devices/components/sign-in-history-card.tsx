import type { SignInHistoryEntry, SignInOutcome } from '@stratus/contract';
import { Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/business-time.ts';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import { listPagination } from '../../../shared/ui/list-pagination.ts';
import { RowCards } from '../../../shared/ui/row-cards.tsx';
import { useCompactLayout } from '../../../shared/ui/use-compact-layout.ts';
import { useSignInHistory } from '../api.ts';
import { deviceLabel } from '../device-label.ts';
import styles from './sign-in-history-card.module.css';

const outcomeColours: Record<SignInOutcome, string> = {
  succeeded: 'green',
  wrong_password: 'red',
  throttled: 'orange',
  second_factor_required: 'blue',
  second_factor_failed: 'red',
};

/** The sign-in attempts of the last 90 days, successes and failures, a page at a time. */
export function SignInHistoryCard() {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const history = useSignInHistory({ page, pageSize });
  const data = history.data;

  const columns: TableColumnsType<SignInHistoryEntry> = [
    {
      title: withTimeZone(t('devices.time')),
      dataIndex: 'createdAt',
      width: 180,
      render: (createdAt: string) => formatDateTime(createdAt),
    },
    {
      title: t('devices.result'),
      dataIndex: 'outcome',
      width: 200,
      render: (outcome: SignInOutcome, entry) => {
        const label = t(`devices.outcome.${outcome}`);
        return (
          <Tag color={outcomeColours[outcome]}>
            {entry.secondFactor
              ? t('devices.withFactor', {
                  outcome: label,
                  factor: t(`devices.factor.${entry.secondFactor}`),
                })
              : label}
          </Tag>
        );
      },
    },
    {
      title: t('devices.device'),
      key: 'device',
      render: (_, entry) => (
        <Typography.Text title={entry.userAgent ?? undefined}>
          {deviceLabel(entry.device, entry.userAgent, t)}
        </Typography.Text>
      ),
    },
    {
      title: t('devices.address'),
      dataIndex: 'ip',
      render: (ip: string | null) => (
        <code className={styles.address}>{ip ?? t('devices.unknownAddress')}</code>
      ),
    },
  ];

  const pagination = listPagination({
    data,
    page,
    pageSize,
    showTotal: (total) => t('devices.historyTotal', { count: total }),
    onChange: (nextPage, nextSize) => {
      setPage(nextSize === pageSize ? nextPage : 1);
      setPageSize(nextSize);
    },
  });
  return (
    <Card title={t('devices.history')}>
      <Typography.Paragraph type="secondary">{t('devices.historyExplain')}</Typography.Paragraph>
      {compact ? (
        <RowCards
          columns={columns}
          rows={data?.items ?? []}
          rowKey={(entry) => entry.id}
          loading={history.isPending}
          empty={t('devices.noHistory')}
          pagination={{ ...pagination, showSizeChanger: false, hideOnSinglePage: true }}
        />
      ) : (
        <Table<SignInHistoryEntry>
          rowKey="id"
          size="middle"
          loading={history.isFetching}
          dataSource={data?.items ?? []}
          columns={columns}
          pagination={pagination}
          locale={{ emptyText: data && t('devices.noHistory') }}
        />
      )}
    </Card>
  );
}
