import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { emailRules } from '../../../shared/form/credential-rules.ts';

export interface LoginValues {
  email: string;
  password: string;
}

interface LoginFormProps {
  pending: boolean;
  onSubmit: (values: LoginValues) => void;
}

export function LoginForm({ pending, onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  return (
    <Form<LoginValues> layout="vertical" requiredMark={false} size="large" onFinish={onSubmit}>
      <Form.Item name="email" label={t('auth.field.email')} rules={emailRules(t)}>
        <Input
          prefix={<MailOutlined />}
          placeholder={t('auth.field.emailPlaceholder')}
          autoComplete="email"
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('auth.field.password')}
        rules={[{ required: true, message: t('validation.password.required') }]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('auth.field.passwordPlaceholder')}
          autoComplete="current-password"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={pending}>
        {t('auth.login.submit')}
      </Button>
    </Form>
  );
}
