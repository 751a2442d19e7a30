import { PlusOutlined } from '@ant-design/icons';
import { hasPermission } from '@stratus/contract';
import { Button, Card, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../users/public.ts';
import { useStaff } from '../api.ts';
import { AddStaffModal } from '../components/add-staff-modal.tsx';
import { PermissionMatrix } from '../components/permission-matrix.tsx';
import { StaffTable } from '../components/staff-table.tsx';

/** 员工管理: the staff, their roles, and what each role may do. Owners add, change and remove. */
export default function StaffPage() {
  const { t } = useTranslation();
  const me = useMe().data;
  const staff = useStaff();
  const [adding, setAdding] = useState(false);
  const canManage = me ? hasPermission(me.role, 'staff.manage') : false;

  return (
    <Flex vertical gap={16}>
      <Card
        extra={
          canManage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('adminStaff.add')}
            </Button>
          )
        }
      >
        <StaffTable
          members={staff.data?.items}
          loading={staff.isFetching}
          selfId={me?.id}
          canManage={canManage}
        />
      </Card>
      <Card title={t('adminStaff.matrix.title')}>
        <PermissionMatrix />
      </Card>
      <AddStaffModal open={adding} onClose={() => setAdding(false)} />
    </Flex>
  );
}
