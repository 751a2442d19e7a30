import { MailOutlined } from './portal-icons.tsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCredentialChecks } from '../credential-checks.ts';
import { useFormFields } from '../use-form-fields.ts';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from './text-field.tsx';

interface ForgotPasswordFormProps {
  pending: boolean;
  onSubmit: (email: string) => void;
  /** The proof-of-work widget, above the button, once the server asks for one. */
  proofOfWork?: ReactNode;
}

/** The email a reset link goes to. */
export function ForgotPasswordForm({ pending, onSubmit, proofOfWork }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const form = useFormFields<'email'>({
    email: { check: async ({ email }) => (await loadCredentialChecks()).emailProblem(email, t) },
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(({ email }) => onSubmit(email.trim()));
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
      {proofOfWork}
      <SubmitButton pending={pending}>{t('auth.reset.ask.submit')}</SubmitButton>
    </form>
  );
}
