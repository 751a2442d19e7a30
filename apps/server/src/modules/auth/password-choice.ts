import { findPasswordChoiceProblem } from '@stratus/contract';
import { commonPasswords } from '@stratus/contract/common-passwords';
import { AppError } from '../../errors.ts';

/**
 * Refuses a newly chosen password that is common, contains the email's name part or (on a change)
 * equals the current one, naming the request field it came in (`data.field`), as schema
 * failures do. The schema (length, not only digits) has already passed.
 */
export function assertPasswordChoice({
  password,
  email,
  currentPassword,
  field,
}: {
  password: string;
  email: string;
  currentPassword?: string;
  field: string;
}): void {
  const problem = findPasswordChoiceProblem({ password, email, currentPassword, commonPasswords });
  if (problem) throw new AppError(problem, {}, { field });
}
