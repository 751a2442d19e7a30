import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import type { StaffMember } from '@stratus/contract';
import { Empty, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';
import { StaffActions } from './staff-actions.tsx';
import { StaffRoleTag } from './staff-role-tag.tsx';
import styles from './staff-table.module.css';

interface StaffTableProps {
  members: StaffMember[] | undefined;
  loading: boolean;
  /** The signed-in user's id: their own row's actions are disabled. */
  selfId: string | undefined;
  /** Whether the viewer may change roles (the actions column is left out otherwise). */
  canManage: boolean;
}

/** Every member of staff: who they are, their role, when they last signed in. */
export function StaffTable({ members, loading, selfId, canManage }: StaffTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<StaffMember> = [
    {
      key: 'email',
      title: t('adminStaff.column.email'),
      dataIndex: 'email',
      render: (email: string, member) => (
        <Space size={4} wrap>
          <span>{email}</span>
          {member.id === selfId && <span className={styles.muted}>{t('adminStaff.you')}</span>}
          {member.disabledAt && <Tag color="red">{t('adminStaff.disabled')}</Tag>}
          {member.twoStepEnabled ? (
            <Tag color="green">{t('adminStaff.twoStepOn')}</Tag>
          ) : (
            <Tag>{t('adminStaff.twoStepOff')}</Tag>
          )}
        </Space>
      ),
    },
    {
      key: 'name',
      title: t('adminStaff.column.name'),
      dataIndex: 'name',
      // Left to share what remained, it came to one character's width on a phone: 姓|名.
      width: 120,
      render: (name: string) => name || '--',
    },
    {
      key: 'role',
      title: t('adminStaff.column.role'),
      dataIndex: 'role',
      width: 110,
      render: (role: StaffMember['role']) => <StaffRoleTag role={role} />,
    },
    {
      key: 'lastSignInAt',
      title: withTimeZone(t('adminStaff.column.lastSignIn')),
      dataIndex: 'lastSignInAt',
      width: 180,
      render: (time: string | null) =>
        time ? (
          <span className={styles.number}>{formatDateTime(time)}</span>
        ) : (
          <span className={styles.muted}>{t('adminStaff.neverSignedIn')}</span>
        ),
    },
    {
      key: 'createdAt',
      title: withTimeZone(t('adminStaff.column.createdAt')),
      dataIndex: 'createdAt',
      width: 180,
      render: (time: string) => <span className={styles.number}>{formatDateTime(time)}</span>,
    },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      title: t('adminStaff.column.actions'),
      width: 340,
      render: (_value, member) => <StaffActions member={member} isSelf={member.id === selfId} />,
    });
  }

  return (
    <Table<StaffMember>
      rowKey="id"
      columns={columns}
      dataSource={members ?? []}
      loading={loading}
      pagination={false}
      scroll={{ x: 1010 }}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminStaff.empty')} />
        ),
      }}
    />
  );
}
