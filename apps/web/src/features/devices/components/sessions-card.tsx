import type { SecuritySession } from '@stratus/contract';
import { Button, Card, Popconfirm, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/business-time.ts';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { RowCards } from '../../../shared/ui/row-cards.tsx';
import { TOUCH_TARGET } from '../../../shared/ui/touch-target.ts';
import { useCompactLayout } from '../../../shared/ui/use-compact-layout.ts';
import { useRevokeOtherSessions, useRevokeSession, useSecuritySessions } from '../api.ts';
import { deviceLabel } from '../device-label.ts';
import { FactorTag } from './factor-tag.tsx';
import styles from './sessions-card.module.css';

/** The devices signed in now: each with its address, first and last use and factor; sign out. */
export function SessionsCard() {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  const sessions = useSecuritySessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const data = sessions.data;
  const others = data?.items.filter((session) => !session.current).length ?? 0;

  const columns: TableColumnsType<SecuritySession> = [
    {
      title: t('devices.device'),
      key: 'device',
      render: (_, session) => (
        <div className={styles.device}>
          <Typography.Text strong title={session.userAgent ?? undefined}>
            {deviceLabel(session.device, session.userAgent, t)}
          </Typography.Text>
          {session.current && <Tag color="blue">{t('devices.thisDevice')}</Tag>}
        </div>
      ),
    },
    {
      title: t('devices.address'),
      dataIndex: 'ip',
      render: (ip: string | null) => (
        <code className={styles.address}>{ip ?? t('devices.unknownAddress')}</code>
      ),
    },
    {
      title: withTimeZone(t('devices.firstUsed')),
      dataIndex: 'createdAt',
      width: 170,
      render: (createdAt: string) => formatDateTime(createdAt),
    },
    {
      title: withTimeZone(t('devices.lastUsed')),
      dataIndex: 'lastUsedAt',
      width: 170,
      render: (lastUsedAt: string) => formatDateTime(lastUsedAt),
    },
    {
      title: t('devices.factor'),
      dataIndex: 'secondFactor',
      width: 130,
      render: (factor: SecuritySession['secondFactor']) => <FactorTag factor={factor} />,
    },
    {
      title: t('devices.actions'),
      key: 'actions',
      width: 100,
      render: (_, session) =>
        session.current ? null : (
          <Popconfirm
            title={t('devices.signOutConfirm')}
            description={t('devices.signOutConfirmDescription')}
            okText={t('devices.signOut')}
            cancelText={t('devices.cancel')}
            onConfirm={() =>
              revoke.mutateAsync(session.id, {
                onSuccess: () => showSuccessToast(t('devices.signedOut')),
              })
            }
          >
            <Button
              type="link"
              danger
              className={TOUCH_TARGET}
              aria-label={`${t('devices.signOut')} ${deviceLabel(session.device, session.userAgent, t)}`}
            >
              {t('devices.signOut')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Card
      title={t('devices.sessions')}
      extra={
        <Popconfirm
          title={t('devices.signOutOthersConfirm')}
          okText={t('devices.signOut')}
          cancelText={t('devices.cancel')}
          onConfirm={() =>
            revokeOthers.mutateAsync(undefined, {
              onSuccess: ({ revoked }) =>
                showSuccessToast(t('devices.signedOutOthers', { count: revoked })),
            })
          }
        >
          <Button danger disabled={others === 0} loading={revokeOthers.isPending}>
            {t('devices.signOutOthers')}
          </Button>
        </Popconfirm>
      }
    >
      <Typography.Paragraph type="secondary">{t('devices.sessionsExplain')}</Typography.Paragraph>
      {compact ? (
        <RowCards
          columns={columns}
          rows={data?.items ?? []}
          rowKey={(session) => session.id}
          loading={sessions.isPending}
          empty={t('devices.noSessions')}
        />
      ) : (
        <Table<SecuritySession>
          rowKey="id"
          size="middle"
          loading={sessions.isFetching}
          dataSource={data?.items ?? []}
          columns={columns}
          pagination={false}
          locale={{ emptyText: data && t('devices.noSessions') }}
        />
      )}
      {data && (
        <Typography.Text type="secondary" className={styles.count}>
          {data.total > data.items.length
            ? t('devices.sessionsMore', { shown: data.items.length, total: data.total })
            : t('devices.sessionsCount', { count: data.total })}
        </Typography.Text>
      )}
    </Card>
  );
}
