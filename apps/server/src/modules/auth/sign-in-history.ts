// The sign-in history's rows (`sign_in_events`) are written by sign-in, so their pruning is here
// too; the devices module reads them.
import { lt, signInEvents, sql, type Db } from '@stratus/db';

/** Deletes sign-in attempts older than `days` days; answers how many. */
export async function deleteSignInEventsOlderThan(db: Db, days: number): Promise<number> {
  const deleted = await db
    .delete(signInEvents)
    .where(lt(signInEvents.createdAt, sql`now() - make_interval(days => ${days})`))
    .returning({ id: signInEvents.id });
  return deleted.length;
}
