/**
 * The rules a newly chosen password must pass beyond its schema (length, not only digits), shared
 * by the server (sign-up, password change, operator accounts) and the web forms.
 */

/** The part of an email before the @ counts only from this length: `al@…` would forbid too much. */
export const EMAIL_NAME_MIN_LENGTH = 4;

/** Why a chosen password is refused: the contract's error names, so both sides say the same. */
export type PasswordChoiceProblem =
  'passwordTooCommon' | 'passwordContainsEmail' | 'passwordUnchanged';

/** Whether the password contains the email's part before the @ (case-insensitive). */
export function containsEmailName(password: string, email: string): boolean {
  const name = email.trim().toLowerCase().split('@')[0] ?? '';
  return name.length >= EMAIL_NAME_MIN_LENGTH && password.toLowerCase().includes(name);
}

/**
 * The first rule the password breaks, or null. `commonPasswords` is the list of
 * `@stratus/contract/common-passwords`, passed in so the web app can load it lazily; without it the
 * common-password rule is not checked. `currentPassword` only when changing a password.
 */
export function findPasswordChoiceProblem({
  password,
  email,
  currentPassword,
  commonPasswords,
}: {
  password: string;
  email?: string;
  currentPassword?: string;
  commonPasswords?: ReadonlySet<string>;
}): PasswordChoiceProblem | null {
  if (currentPassword !== undefined && password === currentPassword) return 'passwordUnchanged';
  if (email && containsEmailName(password, email)) return 'passwordContainsEmail';
  if (commonPasswords?.has(password.toLowerCase())) return 'passwordTooCommon';
  return null;
}
