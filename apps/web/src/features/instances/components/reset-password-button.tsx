import type { Instance } from '@stratus/contract';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useResetInstancePassword } from '../api.ts';
import { ArmedConfirmButton } from './armed-confirm-button.tsx';

/** 重置密码, after a confirmation that mounts at the first click (use-armed.ts). */
export function ResetPasswordButton({ instance }: { instance: Instance }) {
  const { t } = useTranslation();
  const resetPassword = useResetInstancePassword();
  return (
    <ArmedConfirmButton
      label={t('instances.list.resetPassword')}
      disabled={instance.status !== 'active'}
      confirm={{
        title: t('instances.list.resetConfirm'),
        okText: t('common.confirm'),
        cancelText: t('common.cancel'),
        onConfirm: () =>
          resetPassword.mutateAsync(instance.id).then(() => {
            showSuccessToast(t('instances.list.passwordReset'));
          }),
      }}
    />
  );
}
