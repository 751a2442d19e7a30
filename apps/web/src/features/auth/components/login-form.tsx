import { LockOutlined, MailOutlined } from './portal-icons.tsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PORTAL_RESET } from '../../../shared/paths.ts';
import { TOUCH_TARGET } from '../../../shared/ui/touch-target.ts';
import { loadCredentialChecks } from '../credential-checks.ts';
import { useFormFields } from '../use-form-fields.ts';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from './text-field.tsx';
import styles from './login-form.module.css';

export interface LoginValues {
  email: string;
  password: string;
}

interface LoginFormProps {
  pending: boolean;
  onSubmit: (values: LoginValues) => void;
  /** The proof-of-work widget, above the button, once the server asks for one. */
  proofOfWork?: ReactNode;
}

export function LoginForm({ pending, onSubmit, proofOfWork }: LoginFormProps) {
  const { t } = useTranslation();
  const form = useFormFields<keyof LoginValues>({
    email: { check: async ({ email }) => (await loadCredentialChecks()).emailProblem(email, t) },
    password: { check: ({ password }) => (password ? null : t('validation.password.required')) },
  });
  return (
    <form
      noValidate
      // The email's rules are fetched as the person reaches the form, before they are needed.
      onFocus={() => void loadCredentialChecks().catch(() => undefined)}
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(onSubmit);
      }}
    >
      <TextField
        label={t('auth.field.email')}
        icon={<MailOutlined />}
        type="email"
        value={form.values.email}
        onChange={(value) => form.change('email', value)}
        problem={form.problems.email}
        placeholder={t('auth.field.emailPlaceholder')}
        autoComplete="email"
      />
      <TextField
        label={t('auth.field.password')}
        icon={<LockOutlined />}
        type="password"
        value={form.values.password}
        onChange={(value) => form.change('password', value)}
        problem={form.problems.password}
        placeholder={t('auth.field.passwordPlaceholder')}
        autoComplete="current-password"
      />
      <div className={styles.forgot}>
        <Link to={PORTAL_RESET} className={`${styles.forgotLink} ${TOUCH_TARGET}`}>
          {t('auth.login.forgot')}
        </Link>
      </div>
      {proofOfWork}
      <SubmitButton pending={pending}>{t('auth.login.submit')}</SubmitButton>
    </form>
  );
}
