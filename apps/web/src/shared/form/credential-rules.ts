import {
  emailSchema,
  issueMessages,
  isIssueMessageKey,
  passwordSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  updateMe,
} from '@stratus/contract';
import type { FormRule as Rule } from 'antd';
import type { TFunction } from 'i18next';
import { currentLanguage } from '../i18n/i18n.ts';

/** The contract's limit on display names, read off its schema rather than written again. */
export const NAME_MAX_LENGTH = updateMe.body.shape.name.unwrap().maxLength ?? 64;

/** Why a new password breaks the contract's rules, localised; null when it is acceptable. */
export function passwordProblem(value: string, t: TFunction): string | null {
  if (!value) return t('validation.password.required');
  const result = passwordSchema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (issue?.code === 'too_small')
    return t('validation.password.tooShort', { min: PASSWORD_MIN_LENGTH });
  if (issue?.code === 'too_big')
    return t('validation.password.tooLong', { max: PASSWORD_MAX_LENGTH });
  if (issue && isIssueMessageKey(issue.message))
    return issueMessages[issue.message][currentLanguage()];
  return issue?.message ?? null;
}

export function emailProblem(value: string, t: TFunction): string | null {
  if (!value?.trim()) return t('validation.email.required');
  return emailSchema.safeParse(value).success ? null : t('validation.email.invalid');
}

function fromProblem(problem: string | null): Promise<void> {
  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
}

export function emailRules(t: TFunction): Rule[] {
  return [{ required: true, validator: (_, value: string) => fromProblem(emailProblem(value, t)) }];
}

export function newPasswordRules(t: TFunction): Rule[] {
  return [
    { required: true, validator: (_, value: string) => fromProblem(passwordProblem(value, t)) },
  ];
}

/** Confirmation must equal the field `passwordField` of the same form. */
export function confirmPasswordRules(t: TFunction, passwordField: string): Rule[] {
  return [
    { required: true, message: t('validation.confirm.required') },
    ({ getFieldValue }) => ({
      validator: (_, value: string) =>
        fromProblem(
          value && value !== getFieldValue(passwordField) ? t('validation.confirm.mismatch') : null,
        ),
    }),
  ];
}
