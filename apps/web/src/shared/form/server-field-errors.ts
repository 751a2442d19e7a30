import { errors, type ErrorName } from '@stratus/contract';
import type { FormInstance } from 'antd';
import { isApiError } from '../http/api-error.ts';

/** Which field of a form each refusal concerns, by the contract's error name. */
export type FieldsByError = Partial<Record<ErrorName, string>>;

/** The refusals of a newly chosen password, all about the password field itself. */
export const newPasswordRefusals = [
  'passwordTooCommon',
  'passwordContainsEmail',
  'passwordUnchanged',
] as const satisfies ErrorName[];

/** The field of `fieldsByError` a refused call concerns, or null when it concerns none. */
export function refusedField(error: unknown, fieldsByError: FieldsByError): string | null {
  if (!isApiError(error)) return null;
  const name = (Object.keys(fieldsByError) as ErrorName[]).find(
    (kind) => errors[kind].code === error.code,
  );
  return (name && fieldsByError[name]) || null;
}

/**
 * Shows a refused call's message under the field it concerns, as the form's own rules would;
 * answers false when the error concerns none of this form's fields (the caller shows it).
 */
export function showErrorUnderField(
  form: FormInstance,
  error: unknown,
  fieldsByError: FieldsByError,
): boolean {
  const field = refusedField(error, fieldsByError);
  if (!field || !isApiError(error)) return false;
  form.setFields([{ name: field, errors: [error.message] }]);
  return true;
}

/** Every new-password refusal mapped to `field`. */
export function newPasswordFields(field: string): FieldsByError {
  return Object.fromEntries(newPasswordRefusals.map((kind) => [kind, field]));
}
