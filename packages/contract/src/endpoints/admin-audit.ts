import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageSchemaOf, paginationQuerySchema } from '../pagination.ts';
import { auditActionSchema } from '../permission-schemas.ts';
import { staffRoles } from '../permissions.ts';
import { singleLineTextSchema } from '../validation.ts';
import { dateBoundSchema } from './wallet.ts';

/** Who an entry says acted: a staff role as it was then, or `cli` for `npm run admin`. */
export const auditActorRoles = [...staffRoles, 'cli'] as const;
export const auditActorRoleSchema = z.enum(auditActorRoles);
export type AuditActorRole = z.infer<typeof auditActorRoleSchema>;

/** Before → after of one changed field (values as they were stored: text, numbers, null…). */
export const auditChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

/** One entry of the audit log: an operator write, recorded in the transaction that made it. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** The staff member; null for the command line on the server. */
  actorId: z.string().nullable(),
  /** The actor's email when they acted (`cli` for the command line). */
  actorEmail: z.string(),
  actorRole: auditActorRoleSchema,
  action: auditActionSchema,
  /** What it was done to, e.g. `user`, `order`, `payment`. */
  targetType: z.string(),
  targetId: z.string(),
  /** Before → after of each field the write changed. */
  changes: z.record(z.string(), auditChangeSchema),
  /** The operator's reason; empty when the action asks for none. */
  reason: z.string(),
  /** The address the request came from; null for the command line. */
  sourceIp: z.string().nullable(),
  /** ISO 8601 time of the write. */
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const listAuditLog = defineEndpoint({
  method: 'GET',
  path: '/admin/audit-log',
  summary:
    'Search the audit log, newest first; format=csv downloads the matching entries as a UTF-8 CSV file',
  tag: 'admin',
  access: 'staff',
  permission: 'audit.read',
  errors: [],
  query: paginationQuerySchema.extend({
    /** Part of the actor's email (case-insensitive, `%` and `_` literal) or the actor's exact id. */
    actor: singleLineTextSchema({ max: 254 }).optional(),
    action: auditActionSchema.optional(),
    /** A target id exactly, or `type:id` (`user:3f2b…`). */
    target: singleLineTextSchema({ max: 200 }).optional(),
    /** Inclusive lower bound: `YYYY-MM-DD` (from the start of that day in China time) or ISO time. */
    from: dateBoundSchema.optional(),
    /** Inclusive upper bound: `YYYY-MM-DD` (to the end of that day in China time) or ISO time. */
    to: dateBoundSchema.optional(),
    /** `csv` answers a file (all matching entries up to a cap, no paging) instead of the envelope. */
    format: z.enum(['json', 'csv']).default('json'),
  }),
  response: pageSchemaOf(auditEntrySchema),
});
