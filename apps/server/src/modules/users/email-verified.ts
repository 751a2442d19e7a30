// The one rule every top-up and purchase a customer asks for checks first: while the server
// requires confirmed addresses (`EMAIL_VERIFICATION=required`), money moves only for accounts
// whose address was confirmed by its mailed link. Background renewals do not ask.
import type { EmailVerificationMode } from '@stratus/contract';
import { eq, users, type Db } from '@stratus/db';
import { AppError } from '../../errors.ts';

/** Refuses with `emailNotVerified` (403) when the mode requires a confirmed address and it is not. */
export async function assertEmailVerifiedToSpend({
  db,
  emailVerification,
  userId,
}: {
  db: Db;
  emailVerification: EmailVerificationMode;
  userId: string;
}): Promise<void> {
  if (emailVerification !== 'required') return;
  const [user] = await db
    .select({ emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('unauthorized');
  if (user.emailVerifiedAt === null) throw new AppError('emailNotVerified');
}
