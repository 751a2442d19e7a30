import { CheckOutlined, MinusOutlined } from '@ant-design/icons';
import { hasPermission, permissions, staffRoles, type Permission } from '@stratus/contract';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { StaffRoleTag } from './staff-role-tag.tsx';
import styles from './permission-matrix.module.css';

/**
 * Roles × permissions, read from the contract's one permission table (the same the API guards
 * and the menu read), so the owner sees exactly what a role they hand out allows.
 */
export function PermissionMatrix() {
  const { t } = useTranslation();
  const columns: TableColumnsType<{ permission: Permission }> = [
    {
      key: 'permission',
      title: t('adminStaff.matrix.permission'),
      dataIndex: 'permission',
      render: (permission: Permission) => t(`admin.permission.${permission}`),
    },
    ...staffRoles.map((role) => ({
      key: role,
      title: <StaffRoleTag role={role} />,
      width: 96,
      align: 'center' as const,
      render: (_value: unknown, { permission }: { permission: Permission }) =>
        hasPermission(role, permission) ? (
          <CheckOutlined className={styles.allowed} aria-label={t('adminStaff.matrix.allowed')} />
        ) : (
          <MinusOutlined className={styles.denied} aria-label={t('adminStaff.matrix.denied')} />
        ),
    })),
  ];
  return (
    <Table
      rowKey="permission"
      size="small"
      columns={columns}
      dataSource={permissions.map((permission) => ({ permission }))}
      pagination={false}
      scroll={{ x: 640 }}
    />
  );
}
