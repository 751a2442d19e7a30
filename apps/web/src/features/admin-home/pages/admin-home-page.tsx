import { permissions, rolePermissions } from '@stratus/contract';
import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../users/public.ts';

/** Who is signed in to the operator console and what their role lets them do. */
export default function AdminHomePage() {
  const { t } = useTranslation();
  const me = useMe().data;
  if (!me || me.role === 'customer') return null;
  const allowed = new Set(rolePermissions[me.role]);
  return (
    <Card>
      <Descriptions column={1}>
        <Descriptions.Item label={t('admin.home.signedInAs')}>{me.email}</Descriptions.Item>
        <Descriptions.Item label={t('users.profile.role')}>
          <Tag color="gold">{t(`users.role.${me.role}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.home.permissions')}>
          <div>
            {permissions
              .filter((permission) => allowed.has(permission))
              .map((permission) => (
                <Tag key={permission}>{t(`admin.permission.${permission}`)}</Tag>
              ))}
          </div>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
