import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { staffRoleSchema } from '../permission-schemas.ts';
import { emailSchema } from '../validation.ts';

/** A member of staff as the owner sees them on the staff page. */
export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  /** ISO 8601 time the account was created. */
  createdAt: z.string(),
  /** ISO 8601 time of the latest sign-in (the newest session); null when never signed in. */
  lastSignInAt: z.string().nullable(),
  /** ISO 8601 time the account was disabled; null while active. */
  disabledAt: z.string().nullable(),
  /** Two-step verification is on (an owner can reset it when the member lost their factor). */
  twoStepEnabled: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

const staffMemberParamsSchema = z.object({ id: z.uuid() });

export const listStaff = defineEndpoint({
  method: 'GET',
  path: '/admin/staff',
  summary: 'Every member of staff with their role and last sign-in, earliest account first',
  tag: 'admin',
  access: 'staff',
  permission: 'staff.manage',
  errors: [],
  response: z.object({ items: z.array(staffMemberSchema) }),
});

export const addStaffMember = defineEndpoint({
  method: 'POST',
  path: '/admin/staff',
  summary:
    'Give the account with this email a staff role, or create a staff account with a generated password shown once',
  tag: 'admin',
  access: 'staff',
  permission: 'staff.manage',
  stepUp: true,
  errors: ['emailTaken', 'passwordTooCommon', 'passwordContainsEmail', 'staffAlreadyStaff'],
  body: z.object({ email: emailSchema, role: staffRoleSchema }),
  response: z.object({
    member: staffMemberSchema,
    /** True when no account had this email and one was created. */
    accountCreated: z.boolean(),
    /** The new account's password, answered this once only; null when the account existed. */
    generatedPassword: z.string().nullable(),
  }),
});

export const changeStaffRole = defineEndpoint({
  method: 'PATCH',
  path: '/admin/staff/:id',
  summary: "Change a staff member's role (not your own; at least one owner stays)",
  tag: 'admin',
  access: 'staff',
  permission: 'staff.manage',
  stepUp: true,
  errors: ['staffMemberNotFound', 'staffOwnRoleChange', 'staffLastOwner'],
  params: staffMemberParamsSchema,
  body: z.object({ role: staffRoleSchema }),
  response: staffMemberSchema,
});

export const removeStaffMember = defineEndpoint({
  method: 'DELETE',
  path: '/admin/staff/:id',
  summary:
    'Take the staff role away: the account stays, as a customer (not your own; at least one owner stays)',
  tag: 'admin',
  access: 'staff',
  permission: 'staff.manage',
  stepUp: true,
  errors: ['staffMemberNotFound', 'staffOwnRoleChange', 'staffLastOwner'],
  params: staffMemberParamsSchema,
  response: z.null(),
});

export const resetStaffTwoStep = defineEndpoint({
  method: 'POST',
  path: '/admin/staff/:id/reset-2fa',
  summary:
    "Reset a staff member's two-step verification (secret and recovery codes) and sign them out everywhere; they are mailed (not your own)",
  tag: 'admin',
  access: 'staff',
  permission: 'staff.manage',
  stepUp: true,
  errors: ['staffMemberNotFound', 'staffOwnTwoStepReset'],
  params: staffMemberParamsSchema,
  response: staffMemberSchema,
});
