import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageSchemaOf, paginationQuerySchema } from '../pagination.ts';
import { singleLineTextSchema } from '../validation.ts';
import { roleSchema } from '../permissions.ts';

/** A user as operators see them in the customer list. */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  /** ISO 8601 time of sign-up. */
  createdAt: z.string(),
  /** ISO 8601 time the account was disabled; null while active. */
  disabledAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const listAdminUsers = defineEndpoint({
  method: 'GET',
  path: '/admin/users',
  summary: 'List users, newest first (operators only)',
  tag: 'admin',
  access: 'staff',
  permission: 'customers.read',
  query: paginationQuerySchema.extend({
    /** Part of the email or name, case-insensitive. */
    keyword: singleLineTextSchema({ max: 100 }).optional(),
  }),
  response: pageSchemaOf(adminUserSchema),
});
