import { and, count, desc, ilike, or, users, type Db, type SQL } from '@stratus/db';
import type { UserRow } from '../users/service.ts';

/** `%` and `_` in a keyword match themselves, not any text. */
function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export async function listUsers(
  db: Db,
  { page, pageSize, keyword }: { page: number; pageSize: number; keyword?: string },
): Promise<{ rows: UserRow[]; total: number }> {
  const filters: (SQL | undefined)[] = [];
  if (keyword) {
    const pattern = containsPattern(keyword);
    filters.push(or(ilike(users.email, pattern), ilike(users.name, pattern)));
  }
  const where = and(...filters);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
