import type { AdminUser, Page } from '@stratus/contract';
import type { Db } from '@stratus/db';
import { listUsers } from './repo.ts';

export async function listUsersForOperator({
  db,
  query,
}: {
  db: Db;
  query: { page: number; pageSize: number; keyword?: string };
}): Promise<Page<AdminUser>> {
  const { rows, total } = await listUsers(db, query);
  return {
    items: rows.map((user) => ({
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      createdAt: user.createdAt.toISOString(),
      disabledAt: user.disabledAt?.toISOString() ?? null,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
