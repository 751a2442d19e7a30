import type { StaffRole } from '@stratus/contract';

/** The tag colour of each staff role, on the staff page and in the audit log alike. */
export const staffRoleColors: Record<StaffRole, string> = {
  owner: 'gold',
  finance: 'green',
  support: 'blue',
  ops: 'purple',
};
