import { staffRoles, type StaffRole } from '@stratus/contract';
import { count, inArray, users, type Db, type Tx } from '@stratus/db';
import type { TokenCipher } from '../../tokens.ts';
import { hashPassword, generatePassword } from '../auth/passwords.ts';
import { recordAudit, type StaffActor } from '../audit/service.ts';
import { createUser, findUserByEmail, updateUser } from '../users/service.ts';

export type OperatorOutcome =
  | { action: 'promoted' | 'unchanged'; userId: string; role: StaffRole }
  | { action: 'created'; userId: string; role: StaffRole; generatedPassword: string | undefined };

async function countStaff(tx: Tx): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(users)
    .where(inArray(users.role, [...staffRoles]));
  return row?.total ?? 0;
}

/**
 * Makes `email` staff with `role`: gives the existing account the role, or creates one (with its
 * wallet) using `password` or, when none is given, a generated password the caller shows once.
 * The very first staff member is always `owner`, so someone can manage the staff. Audited.
 */
export async function createOrPromoteOperator({
  db,
  cipher,
  email,
  password,
  role,
  actor,
}: {
  db: Db;
  cipher: TokenCipher;
  email: string;
  password?: string;
  role: StaffRole;
  actor: StaffActor;
}): Promise<OperatorOutcome> {
  const existing = await findUserByEmail(db, email);
  const generatedPassword = existing || password ? undefined : generatePassword();
  const passwordHash = existing ? '' : await hashPassword(password ?? generatedPassword ?? '');
  return db.transaction(async (tx) => {
    const granted: StaffRole = (await countStaff(tx)) === 0 ? 'owner' : role;
    if (existing) {
      if (existing.role === granted) {
        return { action: 'unchanged', userId: existing.id, role: granted } as const;
      }
      await updateUser(tx, existing.id, { role: granted });
      await recordAudit({
        tx,
        actor,
        action: 'staff.create',
        target: { type: 'user', id: existing.id },
        changes: { role: { before: existing.role, after: granted } },
      });
      return { action: 'promoted', userId: existing.id, role: granted } as const;
    }
    const user = await createUser({ tx, cipher, email, passwordHash, role: granted });
    await recordAudit({
      tx,
      actor,
      action: 'staff.create',
      target: { type: 'user', id: user.id },
      changes: { email: { before: null, after: email }, role: { before: null, after: granted } },
    });
    return { action: 'created', userId: user.id, role: granted, generatedPassword } as const;
  });
}
