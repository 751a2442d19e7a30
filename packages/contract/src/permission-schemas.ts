import { z } from 'zod';
import { auditActions, permissions, staffRoles, userRoles } from './permissions.ts';

// The permission table's lists as schemas, apart from the table (`permissions.ts`), which the
// browser's first screen reads without zod.
export const roleSchema = z.enum(userRoles);
export const staffRoleSchema = z.enum(staffRoles);
export const permissionSchema = z.enum(permissions);
export const auditActionSchema = z.enum(auditActions);
