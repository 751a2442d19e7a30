import { eq, sql, users, type Db } from '@stratus/db';

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
      'name' | 'language' | 'role' | 'passwordHash' | 'apiTokenHash' | 'apiTokenCiphertext'
    >
  >,
): Promise<UserRow | undefined> {
  const [user] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return user;
}
