import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorUnderField } from '../../../shared/form/server-field-errors.ts';
import { showErrorToast } from '../../../shared/ui/feedback.ts';
import { useChangeEmail } from '../api.ts';
import styles from './change-email-section.module.css';

interface EmailForm {
  email: string;
  password: string;
}

/**
 * 更改邮箱 in the profile: the new address and the current password. The address changes only
 * once the link mailed to the new address is opened; until then the notice says where it went.
 */
export function ChangeEmailSection() {
  const { t } = useTranslation();
  const [form] = Form.useForm<EmailForm>();
  const changeEmail = useChangeEmail();
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (values: EmailForm) => {
    try {
      const { pendingEmail } = await changeEmail.mutateAsync(values);
      setSentTo(pendingEmail);
      setOpen(false);
      form.resetFields();
    } catch (error) {
      const placed = showErrorUnderField(form, error, {
        currentPasswordIncorrect: 'password',
        tooManySignInAttempts: 'password',
        emailInUse: 'email',
        emailUnchanged: 'email',
        emailLinkResendTooSoon: 'email',
      });
      if (!placed && error instanceof Error) showErrorToast(error.message);
    }
  };

  return (
    <div className={styles.section}>
      {sentTo && (
        <Alert
          type="success"
          showIcon
          title={t('users.emailChange.sent', { email: sentTo })}
          data-testid="email-change-sent"
        />
      )}
      {open ? (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => submit(values).catch(() => undefined)}
          className={styles.form}
        >
          <Form.Item
            name="email"
            label={t('users.emailChange.newEmail')}
            rules={[
              { required: true, message: t('users.emailChange.newEmailRequired') },
              { type: 'email', message: t('users.emailChange.newEmailInvalid') },
            ]}
          >
            <Input type="email" autoComplete="email" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('users.emailChange.password')}
            rules={[{ required: true, message: t('users.emailChange.passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <div className={styles.actions}>
            <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={changeEmail.isPending}>
              {t('users.emailChange.submit')}
            </Button>
          </div>
        </Form>
      ) : (
        <Button
          onClick={() => {
            setSentTo(null);
            setOpen(true);
          }}
        >
          {t('users.emailChange.open')}
        </Button>
      )}
    </div>
  );
}
