import { LockOutlined } from './portal-icons.tsx';
import { PASSWORD_MIN_LENGTH } from '@stratus/contract';
import { forwardRef, useImperativeHandle } from 'react';
import { useTranslation } from 'react-i18next';
import { newPasswordProblem } from '../../../shared/form/credential-rules.ts';
import { newPasswordFields, refusedField } from '../../../shared/form/server-field-errors.ts';
import { isApiError } from '../../../shared/http/api-error.ts';
import { useFormFields } from '../use-form-fields.ts';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from './text-field.tsx';

/** What the page may do to the form: show the server's refusal under the password. */
export interface NewPasswordFormHandle {
  /** Shows a refused password under its field; false when `error` is another kind. */
  showRefusal: (error: unknown) => boolean;
}

interface NewPasswordFormProps {
  pending: boolean;
  onSubmit: (password: string) => void;
}

/** A new password, twice, under the sign-up form's rules (the server checks them again). */
export const NewPasswordForm = forwardRef<NewPasswordFormHandle, NewPasswordFormProps>(
  function NewPasswordForm({ pending, onSubmit }, ref) {
    const { t } = useTranslation();
    const form = useFormFields<'password' | 'confirmPassword'>({
      password: { check: ({ password }) => newPasswordProblem(password, t) },
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
        if (!isApiError(error) || !refusedField(error, newPasswordFields('password'))) {
          return false;
        }
        showProblem('password', error.message);
        return true;
      },
    }));
    return (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit(({ password }) => onSubmit(password));
        }}
      >
        <TextField
          label={t('auth.reset.field.newPassword')}
          icon={<LockOutlined />}
          type="password"
          value={form.values.password}
          onChange={(value) => form.change('password', value)}
          problem={form.problems.password}
          help={t('validation.password.rules', { min: PASSWORD_MIN_LENGTH })}
          placeholder={t('auth.reset.field.newPasswordPlaceholder')}
          autoComplete="new-password"
        />
        <TextField
          label={t('auth.field.confirmPassword')}
          icon={<LockOutlined />}
          type="password"
          value={form.values.confirmPassword}
          onChange={(value) => form.change('confirmPassword', value)}
          problem={form.problems.confirmPassword}
          placeholder={t('auth.field.confirmPlaceholder')}
          autoComplete="new-password"
        />
        <SubmitButton pending={pending}>{t('auth.reset.choose.submit')}</SubmitButton>
      </form>
    );
  },
);
