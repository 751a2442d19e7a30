import { LockOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { PASSWORD_MIN_LENGTH } from '@stratus/contract';
import { Button, Form, Input, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  confirmPasswordRules,
  emailRules,
  NAME_MAX_LENGTH,
  newPasswordRules,
} from '../../../shared/form/credential-rules.ts';

export interface RegisterValues {
  email: string;
  name?: string;
  password: string;
  confirmPassword: string;
}

interface RegisterFormProps {
  /** The form's instance, so the card can show the server's refusals under their fields. */
  form: FormInstance<RegisterValues>;
  pending: boolean;
  onSubmit: (values: RegisterValues) => void;
}

export function RegisterForm({ form, pending, onSubmit }: RegisterFormProps) {
  const { t } = useTranslation();
  return (
    <Form<RegisterValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={onSubmit}
    >
      <Form.Item name="email" label={t('auth.field.email')} rules={emailRules(t)}>
        <Input
          prefix={<MailOutlined />}
          placeholder={t('auth.field.emailPlaceholder')}
          autoComplete="email"
        />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('auth.field.name')}
        rules={[
          { max: NAME_MAX_LENGTH, message: t('validation.name.tooLong', { max: NAME_MAX_LENGTH }) },
        ]}
      >
        <Input
          prefix={<UserOutlined />}
          placeholder={t('auth.field.namePlaceholder')}
          autoComplete="nickname"
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('auth.field.password')}
        extra={t('validation.password.rules', { min: PASSWORD_MIN_LENGTH })}
        dependencies={['email']}
        rules={newPasswordRules(t, { emailField: 'email' })}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('auth.field.passwordPlaceholder')}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('auth.field.confirmPassword')}
        dependencies={['password']}
        rules={confirmPasswordRules(t, 'password')}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('auth.field.confirmPlaceholder')}
          autoComplete="new-password"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={pending}>
        {t('auth.register.submit')}
      </Button>
    </Form>
  );
}
