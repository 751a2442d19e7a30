import { PASSWORD_MIN_LENGTH } from '@stratus/contract';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmPasswordRules, newPasswordRules } from '../../../shared/form/credential-rules.ts';
import {
  newPasswordFields,
  showErrorUnderField,
} from '../../../shared/form/server-field-errors.ts';
import { showErrorToast, showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useChangePassword, useMe } from '../api.ts';

interface ChangePasswordModalProps {
  open: boolean;
  onClose: () => void;
}

interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function ChangePasswordModal({ open, onClose }: ChangePasswordModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordForm>();
  const changePassword = useChangePassword();
  const email = useMe().data?.email;

  const submit = async ({ currentPassword, newPassword }: PasswordForm) => {
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword });
    } catch (error) {
      // The dialog stays open for another try, the reason under the field it concerns.
      const placed = showErrorUnderField(form, error, {
        currentPasswordIncorrect: 'currentPassword',
        ...newPasswordFields('newPassword'),
      });
      if (!placed && error instanceof Error) showErrorToast(error.message);
      return;
    }
    showSuccessToast(t('users.password.changed'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('users.password.title')}
      okText={t('users.password.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={changePassword.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      // Closing unmounts the form, so the next opening starts empty.
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('users.password.note')} />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => submit(values).catch(() => undefined)}
        style={{ marginTop: 16 }}
      >
        <Form.Item
          name="currentPassword"
          label={t('users.password.current')}
          rules={[{ required: true, message: t('users.password.currentRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('users.password.new')}
          extra={t('validation.password.rules', { min: PASSWORD_MIN_LENGTH })}
          dependencies={['currentPassword']}
          rules={newPasswordRules(t, { email, currentPasswordField: 'currentPassword' })}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('users.password.confirm')}
          dependencies={['newPassword']}
          rules={confirmPasswordRules(t, 'newPassword')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
