import { LockOutlined, MailOutlined, UserOutlined } from './portal-icons.tsx';
import { PASSWORD_MIN_LENGTH } from '@stratus/contract';
import { forwardRef, useImperativeHandle, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  emailProblem,
  NAME_MAX_LENGTH,
  newPasswordProblem,
} from '../../../shared/form/credential-rules.ts';
import { newPasswordFields, refusedField } from '../../../shared/form/server-field-errors.ts';
import { isApiError } from '../../../shared/http/api-error.ts';
import { useFormFields } from '../use-form-fields.ts';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from './text-field.tsx';

export interface RegisterValues {
  email: string;
  name: string;
  password: string;
  confirmPassword: string;
}

/** What the card may do to the form: show the server's refusal under the field it concerns. */
export interface RegisterFormHandle {
  /** Shows a refused password under the password field; false when `error` is another kind. */
  showRefusal: (error: unknown) => boolean;
}

interface RegisterFormProps {
  pending: boolean;
  onSubmit: (values: RegisterValues) => void;
  /** The proof-of-work widget, above the button, once the server asks for one. */
  proofOfWork?: ReactNode;
}

// A chunk of its own (the card loads it lazily): the contract's rules it checks with are not
// needed until a person chooses to sign up.
const RegisterForm = forwardRef<RegisterFormHandle, RegisterFormProps>(function RegisterForm(
  { pending, onSubmit, proofOfWork },
  ref,
) {
  const { t } = useTranslation();
  const form = useFormFields<keyof RegisterValues>({
    email: { check: ({ email }) => emailProblem(email, t) },
    name: {
      check: ({ name }) =>
        name.length > NAME_MAX_LENGTH
          ? t('validation.name.tooLong', { max: NAME_MAX_LENGTH })
          : null,
    },
    password: {
      check: ({ password, email }) => newPasswordProblem(password, t, { email }),
      dependencies: ['email'],
    },
    confirmPassword: {
      check: ({ confirmPassword, password }) => {
        if (!confirmPassword) return t('validation.confirm.required');
        return confirmPassword !== password ? t('validation.confirm.mismatch') : null;
      },
      dependencies: ['password'],
    },
  });
  const { showProblem } = form;
  useImperativeHandle(ref, () => ({
    showRefusal: (error) => {
      if (!isApiError(error) || !refusedField(error, newPasswordFields('password'))) return false;
      showProblem('password', error.message);
      return true;
    },
  }));
  const field = (name: keyof RegisterValues) => ({
    value: form.values[name],
    onChange: (value: string) => form.change(name, value),
    problem: form.problems[name],
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(onSubmit);
      }}
    >
      <TextField
        {...field('email')}
        label={t('auth.field.email')}
        icon={<MailOutlined />}
        type="email"
        placeholder={t('auth.field.emailPlaceholder')}
        autoComplete="email"
      />
      <TextField
        {...field('name')}
        label={t('auth.field.name')}
        icon={<UserOutlined />}
        type="text"
        placeholder={t('auth.field.namePlaceholder')}
        autoComplete="nickname"
      />
      <TextField
        {...field('password')}
        label={t('auth.field.password')}
        icon={<LockOutlined />}
        type="password"
        help={t('validation.password.rules', { min: PASSWORD_MIN_LENGTH })}
        placeholder={t('auth.field.passwordPlaceholder')}
        autoComplete="new-password"
      />
      <TextField
        {...field('confirmPassword')}
        label={t('auth.field.confirmPassword')}
        icon={<LockOutlined />}
        type="password"
        placeholder={t('auth.field.confirmPlaceholder')}
        autoComplete="new-password"
      />
      {proofOfWork}
      <SubmitButton pending={pending}>{t('auth.register.submit')}</SubmitButton>
    </form>
  );
});

export default RegisterForm;
