import { staffRoles, type StaffMember, type StaffRole } from '@stratus/contract';
import { Button, Popconfirm, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useChangeStaffRole, useRemoveStaffMember, useResetStaffTwoStep } from '../api.ts';
import styles from './staff-table.module.css';

interface StaffActionsProps {
  member: StaffMember;
  /** The signed-in owner's own row: the server refuses changing one's own role, so say so here. */
  isSelf: boolean;
}

/**
 * Change a member's role, or take it away (the account stays, as a customer); reset their
 * two-step verification when it is on (they lost their authenticator).
 */
export function StaffActions({ member, isSelf }: StaffActionsProps) {
  const { t } = useTranslation();
  const changeRole = useChangeStaffRole();
  const remove = useRemoveStaffMember();
  const resetTwoStep = useResetStaffTwoStep();
  const busy = changeRole.isPending || remove.isPending || resetTwoStep.isPending;

  const onRoleChange = (role: StaffRole) =>
    changeRole.mutate(
      { id: member.id, role },
      {
        onSuccess: () =>
          showSuccessToast(
            t('adminStaff.roleChanged', { email: member.email, role: t(`users.role.${role}`) }),
          ),
      },
    );

  return (
    <Space size={8}>
      <Select<StaffRole>
        className={styles.roleSelect}
        aria-label={t('adminStaff.changeRole', { email: member.email })}
        value={member.role}
        disabled={isSelf || busy}
        loading={changeRole.isPending}
        onChange={onRoleChange}
        options={staffRoles.map((role) => ({ value: role, label: t(`users.role.${role}`) }))}
      />
      {member.twoStepEnabled && !isSelf && (
        <Popconfirm
          title={t('adminStaff.resetTwoStep.confirm', { email: member.email })}
          description={t('adminStaff.resetTwoStep.hint')}
          okText={t('adminStaff.resetTwoStep')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          onConfirm={() =>
            resetTwoStep
              .mutateAsync(member.id)
              .then(() =>
                showSuccessToast(t('adminStaff.resetTwoStep.done', { email: member.email })),
              )
          }
        >
          <Button disabled={busy} loading={resetTwoStep.isPending}>
            {t('adminStaff.resetTwoStep')}
          </Button>
        </Popconfirm>
      )}
      <Popconfirm
        title={t('adminStaff.remove.confirm', { email: member.email })}
        description={t('adminStaff.remove.hint')}
        okText={t('adminStaff.remove')}
        okButtonProps={{ danger: true }}
        cancelText={t('common.cancel')}
        disabled={isSelf}
        onConfirm={() =>
          remove
            .mutateAsync(member.id)
            .then(() => showSuccessToast(t('adminStaff.removed', { email: member.email })))
        }
      >
        <Button danger disabled={isSelf || busy} loading={remove.isPending}>
          {t('adminStaff.remove')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
