import type { StaffRole } from '@stratus/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { staffRoleColors } from '../staff-roles.ts';

export function StaffRoleTag({ role }: { role: StaffRole }) {
  const { t } = useTranslation();
  return <Tag color={staffRoleColors[role]}>{t(`users.role.${role}`)}</Tag>;
}
