// The queries of address links that the token store itself does not answer.
import { and, desc, emailTokens, eq, type EmailTokenPurpose, type Tx } from '@stratus/db';

/** When the account was last given a link of `purpose` (used, replaced or not); undefined: never. */
export async function newestEmailTokenCreatedAt(
  tx: Tx,
  { userId, purpose }: { userId: string; purpose: EmailTokenPurpose },
): Promise<Date | undefined> {
  const [row] = await tx
    .select({ createdAt: emailTokens.createdAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)))
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  return row?.createdAt;
}
