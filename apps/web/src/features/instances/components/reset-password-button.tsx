import type { Instance } from '@stratus/contract';
import { Button } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useResetInstancePassword } from '../api.ts';
import { LazyPopconfirm, preloadPopconfirm } from './lazy-popconfirm.ts';
import { useArmed } from './use-armed.ts';

/** 重置密码, after a confirmation that mounts at the first click (use-armed.ts). */
export function ResetPasswordButton({ instance }: { instance: Instance }) {
  const { t } = useTranslation();
  const resetPassword = useResetInstancePassword();
  const { armed, arm, ref } = useArmed<HTMLButtonElement>();
  const button = (
    <Button
      ref={ref}
      type="link"
      size="small"
      disabled={instance.status !== 'active'}
      onClick={armed ? undefined : arm}
      onPointerEnter={preloadPopconfirm}
      onFocus={preloadPopconfirm}
    >
      {t('instances.list.resetPassword')}
    </Button>
  );
  if (!armed) return button;
  return (
    <Suspense fallback={button}>
      <LazyPopconfirm
        defaultOpen
        title={t('instances.list.resetConfirm')}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onConfirm={() =>
          resetPassword.mutateAsync(instance.id).then(() => {
            showSuccessToast(t('instances.list.passwordReset'));
          })
        }
      >
        {button}
      </LazyPopconfirm>
    </Suspense>
  );
}
