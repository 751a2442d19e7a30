import { PlusOutlined } from '@ant-design/icons';
import type { SubUser } from '@stratus/contract';
import { Button, Card, Popconfirm, Space, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useCompactLayout } from '../../../shared/ui/use-compact-layout.ts';
import { CopyableCode, PasswordCell } from '../../instances/public.ts';
import { useDeleteSubUser, useSubUsers, useUpdateSubUser } from '../api.ts';
import { SubUserModal } from './sub-user-modal.tsx';
import { SubUserUsage } from './sub-user-usage.tsx';

/** Sub-users of the dynamic proxies: own credentials, optional cap, usage apart. */
export function SubUsersCard() {
  const { t } = useTranslation();
  const subUsers = useSubUsers();
  const update = useUpdateSubUser();
  const remove = useDeleteSubUser();
  const compact = useCompactLayout();
  const [editing, setEditing] = useState<SubUser | null>(null);
  const [creating, setCreating] = useState(false);
  const data = subUsers.data;
  const count = data?.items.length ?? 0;
  const max = data?.max ?? 50;
  const entry = data?.items[0];

  return (
    <Card
      title={t('access.subUsers.title')}
      extra={
        <Space wrap>
          <Typography.Text type="secondary">
            {t('access.subUsers.count', { count, max })}
          </Typography.Text>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={count >= max}
            onClick={() => setCreating(true)}
          >
            {t('access.subUsers.create')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        {t('access.subUsers.explain')}
        {entry && (
          <>
            {' '}
            <CopyableCode text={`${entry.host}:${entry.port}`} />
          </>
        )}
      </Typography.Paragraph>
      <Table<SubUser>
        rowKey="id"
        size="middle"
        loading={subUsers.isFetching}
        dataSource={data?.items ?? []}
        pagination={false}
        scroll={{ x: 960 }}
        locale={{ emptyText: data && t('access.subUsers.empty') }}
        columns={[
          {
            title: t('access.subUsers.name'),
            dataIndex: 'name',
            // On a phone the name stays while the rest scrolls past it, and the actions scroll
            // with the row: held at the right they would cover most of the narrow table.
            fixed: compact ? 'left' : undefined,
            width: compact ? 110 : undefined,
          },
          {
            title: t('access.subUsers.username'),
            dataIndex: 'username',
            render: (username: string) => <CopyableCode text={username} />,
          },
          {
            title: t('access.subUsers.password'),
            dataIndex: 'password',
            render: (password: string) => <PasswordCell password={password} />,
          },
          {
            title: t('access.subUsers.usage'),
            key: 'usage',
            // The usage bar's 160 px and the cell's padding: narrower, it lay over the next cell.
            width: 200,
            render: (_, subUser) => <SubUserUsage subUser={subUser} />,
          },
          {
            title: t('access.subUsers.enabled'),
            dataIndex: 'enabled',
            render: (enabled: boolean, subUser) => (
              <Switch
                checked={enabled}
                aria-label={t('access.subUsers.enabled')}
                onChange={(checked) =>
                  update.mutate({ id: subUser.id, changes: { enabled: checked } })
                }
              />
            ),
          },
          {
            title: t('access.actions'),
            key: 'actions',
            fixed: compact ? undefined : 'right',
            width: 260,
            render: (_, subUser) => (
              <Space size={0} wrap>
                <Button type="link" onClick={() => setEditing(subUser)}>
                  {t('access.edit')}
                </Button>
                <Popconfirm
                  title={t('access.subUsers.resetConfirm')}
                  okText={t('access.subUsers.resetPassword')}
                  cancelText={t('access.cancel')}
                  onConfirm={() =>
                    update.mutateAsync(
                      { id: subUser.id, changes: { resetPassword: true } },
                      { onSuccess: () => showSuccessToast(t('access.subUsers.passwordReset')) },
                    )
                  }
                >
                  <Button type="link">{t('access.subUsers.resetPassword')}</Button>
                </Popconfirm>
                <Popconfirm
                  title={t('access.subUsers.deleteConfirm', { name: subUser.name })}
                  okText={t('access.delete')}
                  cancelText={t('access.cancel')}
                  onConfirm={() => remove.mutateAsync(subUser.id)}
                >
                  <Button type="link" danger>
                    {t('access.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <SubUserModal
        open={creating || editing !== null}
        subUser={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
    </Card>
  );
}
