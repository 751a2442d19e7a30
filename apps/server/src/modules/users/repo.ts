import { eq, replacedApiTokens, sql, users, type Db, type Tx } from '@stratus/db';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  id?: string;
  email: string;
  passwordHash: string;
  name?: string;
  role?: UserRow['role'];
  language?: UserRow['language'];
  apiTokenHash: string;
  apiTokenCiphertext: string;
  emailVerifiedAt?: Date;
}

/** Inserts the user unless the email is taken; resolves with `undefined` then. */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow | undefined> {
  const [inserted] = await db
    .insert(users)
    .values(user)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return inserted;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

export async function updateUser(
  db: Db,
  id: string,
  changes: Partial<
    Pick<
      UserRow,
      | 'name'
      | 'language'
      | 'role'
      | 'passwordHash'
      | 'apiTokenHash'
      | 'apiTokenCiphertext'
      | 'email'
      | 'emailVerifiedAt'
      | 'lowBalanceThresholdFen'
    > & { tourCompleted: true }
  >,
): Promise<UserRow | undefined> {
  const { tourCompleted, ...fields } = changes;
  const [user] = await db
    .update(users)
    .set({
      ...fields,
      // The first time only: the moment the tour was done is kept, however often it is reported.
      ...(tourCompleted ? { tourCompletedAt: sql`coalesce(${users.tourCompletedAt}, now())` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id))
    .returning();
  return user;
}

/** The user's current API token hash, row-locked until the rotation replacing it commits. */
export async function lockApiTokenHash(tx: Tx, userId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ apiTokenHash: users.apiTokenHash })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.apiTokenHash;
}

export async function insertReplacedApiToken(
  tx: Tx,
  values: { tokenHash: string; userId: string },
): Promise<void> {
  // A hash is replaced once; a repeat (never expected) changes nothing.
  await tx.insert(replacedApiTokens).values(values).onConflictDoNothing();
}

export async function isReplacedApiTokenHash(db: Db, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ tokenHash: replacedApiTokens.tokenHash })
    .from(replacedApiTokens)
    .where(eq(replacedApiTokens.tokenHash, tokenHash));
  return row !== undefined;
}

/** The user's row, locked until the transaction ends: one account's requests for mail queue here. */
export async function lockUser(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return user;
}
