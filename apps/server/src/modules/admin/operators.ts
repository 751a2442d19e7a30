import type { Db } from '@stratus/db';
import type { TokenCipher } from '../../tokens.ts';
import { hashPassword, generatePassword } from '../auth/passwords.ts';
import { createUser, findUserByEmail, updateUser } from '../users/service.ts';

export type OperatorOutcome =
  | { action: 'promoted' | 'unchanged'; userId: string }
  | { action: 'created'; userId: string; generatedPassword: string | undefined };

/**
 * Makes `email` an operator: promotes the existing account, or creates one (with its wallet) using
 * `password` or, when none is given, a generated password the caller shows once.
 */
export async function createOrPromoteOperator({
  db,
  cipher,
  email,
  password,
}: {
  db: Db;
  cipher: TokenCipher;
  email: string;
  password?: string;
}): Promise<OperatorOutcome> {
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (existing.role === 'operator') return { action: 'unchanged', userId: existing.id };
    await updateUser(db, existing.id, { role: 'operator' });
    return { action: 'promoted', userId: existing.id };
  }
  const generatedPassword = password ? undefined : generatePassword();
  const passwordHash = await hashPassword(password ?? generatedPassword ?? '');
  const user = await db.transaction((tx) =>
    createUser({ tx, cipher, email, passwordHash, role: 'operator' }),
  );
  return { action: 'created', userId: user.id, generatedPassword };
}
