import {
  emailSchema,
  errors,
  findPasswordChoiceProblem,
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
  // The contract's reason is a fragment after the field's name; a form shows a sentence.
  if (issue?.message === 'passwordDigitsOnly') return t('validation.password.digitsOnly');
  if (issue && isIssueMessageKey(issue.message))
    return issueMessages[issue.message][currentLanguage()];
  return issue?.message ?? null;
}

let commonPasswordsLoad: Promise<ReadonlySet<string>> | undefined;

/** The common-password list, fetched on first use: too heavy for the first screen. */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswordsLoad ??= import('@stratus/contract/common-passwords').then(
    (module) => module.commonPasswords,
    (error: unknown) => {
      // Try again next time; until then the server's check stands alone.
      commonPasswordsLoad = undefined;
      throw error;
    },
  );
  return commonPasswordsLoad;
}

export interface PasswordChoiceContext {
  /** The account's email (its name part may not appear in the password). */
  email?: string;
  /** On a change: the current password, which the new one must differ from. */
  currentPassword?: string;
}

/**
 * Everything `passwordProblem` checks, then the server's rules for a chosen password (common,
 * contains the email name, unchanged), worded as the server words them.
 */
export async function newPasswordProblem(
  value: string,
  t: TFunction,
  { email, currentPassword }: PasswordChoiceContext = {},
): Promise<string | null> {
  const basic = passwordProblem(value, t);
  if (basic) return basic;
  let commonPasswords: ReadonlySet<string> | undefined;
  try {
    commonPasswords = await loadCommonPasswords();
  } catch {
    // Offline or a failed chunk: the server refuses a common password when the form is sent.
  }
  const problem = findPasswordChoiceProblem({
    password: value,
    email: email || undefined,
    currentPassword: currentPassword || undefined,
    commonPasswords,
  });
  return problem ? errors[problem].message[currentLanguage()] : null;
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

/**
 * A new password's rules as the user types. `emailField` / `currentPasswordField` name fields of
 * the same form to read; `email` is a fixed one (the signed-in account's). Give the password's
 * Form.Item those fields as `dependencies`, so editing them checks the password again.
 */
export function newPasswordRules(
  t: TFunction,
  {
    email,
    emailField,
    currentPasswordField,
  }: { email?: string; emailField?: string; currentPasswordField?: string } = {},
): Rule[] {
  return [
    ({ getFieldValue }) => ({
      required: true,
      validator: async (_, value: string) => {
        const problem = await newPasswordProblem(value, t, {
          email: emailField ? (getFieldValue(emailField) as string | undefined) : email,
          currentPassword: currentPasswordField
            ? (getFieldValue(currentPasswordField) as string | undefined)
            : undefined,
        });
        if (problem) throw new Error(problem);
      },
    }),
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
