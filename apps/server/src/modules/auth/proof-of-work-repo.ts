import { lt, sql, usedProofsOfWork, type Db } from '@stratus/db';

/**
 * Records a proof of work as used; false when it already was. The primary key decides between
 * two requests presenting it at once: exactly one inserts.
 */
export async function spendProofOfWork(
  db: Db,
  { solutionHash, expiresAt }: { solutionHash: string; expiresAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(usedProofsOfWork)
    .values({ solutionHash, expiresAt })
    .onConflictDoNothing()
    .returning({ solutionHash: usedProofsOfWork.solutionHash });
  return inserted.length > 0;
}

/**
 * Forgets used proofs an hour after their challenges expired: refused as expired by then, even by
 * a server whose clock runs somewhat behind the database's.
 */
export async function deleteExpiredProofsOfWork(db: Db): Promise<number> {
  const deleted = await db
    .delete(usedProofsOfWork)
    .where(lt(usedProofsOfWork.expiresAt, sql`now() - interval '1 hour'`))
    .returning({ solutionHash: usedProofsOfWork.solutionHash });
  return deleted.length;
}
