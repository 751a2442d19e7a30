import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorUnderField } from '../../../shared/form/server-field-errors.ts';
import { showErrorToast, showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useDisableTotp, useRegenerateRecoveryCodes } from '../api.ts';
import { RecoveryCodesView } from './recovery-codes-view.tsx';

/** What the code is asked for: switching two-step verification off, or new recovery codes. */
export type TwoStepAction = 'disable' | 'regenerate';

interface TwoStepCodeModalProps {
  action: TwoStepAction;
  onClose: () => void;
}

/**
 * Asks for a current code (or a recovery code) before switching off or regenerating; mounted
 * for each opening, so it starts empty.
 */
export function TwoStepCodeModal({ action, onClose }: TwoStepCodeModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const disable = useDisableTotp();
  const regenerate = useRegenerateRecoveryCodes();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const close = onClose;
  const submit = async ({ code }: { code: string }) => {
    try {
      if (action === 'disable') {
        await disable.mutateAsync({ code: code.trim() });
        showSuccessToast(t('users.twoStep.disabled'));
        close();
      } else {
        setRecoveryCodes((await regenerate.mutateAsync({ code: code.trim() })).recoveryCodes);
      }
    } catch (error) {
      const placed = showErrorUnderField(form, error, {
        secondFactorIncorrect: 'code',
        tooManySecondFactorAttempts: 'code',
        validationFailed: 'code',
      });
      if (!placed && error instanceof Error) showErrorToast(error.message);
    }
  };

  return (
    <Modal
      open
      title={t(
        recoveryCodes
          ? 'users.twoStep.recoveryTitle'
          : action === 'disable'
            ? 'users.twoStep.disableTitle'
            : 'users.twoStep.regenerateTitle',
      )}
      okText={t(action === 'disable' ? 'users.twoStep.disable' : 'users.twoStep.regenerate')}
      okButtonProps={{ danger: action === 'disable' }}
      cancelText={t('common.cancel')}
      confirmLoading={disable.isPending || regenerate.isPending}
      onOk={() => form.submit()}
      onCancel={close}
      mask={{ closable: !recoveryCodes }}
      closable={!recoveryCodes}
      footer={recoveryCodes ? null : undefined}
      destroyOnHidden
    >
      {recoveryCodes ? (
        <RecoveryCodesView codes={recoveryCodes} onSaved={close} />
      ) : (
        <>
          <Alert
            type={action === 'disable' ? 'warning' : 'info'}
            showIcon
            title={t(
              action === 'disable' ? 'users.twoStep.disableNote' : 'users.twoStep.regenerateNote',
            )}
          />
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={(values) => submit(values).catch(() => undefined)}
            style={{ marginTop: 16 }}
          >
            <Form.Item
              name="code"
              label={t('users.twoStep.codeOrRecovery')}
              rules={[
                { required: true, whitespace: true, message: t('users.twoStep.codeRequired') },
              ]}
            >
              <Input autoComplete="one-time-code" maxLength={32} placeholder="123456" />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
