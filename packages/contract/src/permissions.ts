// Zod-free: the console's first screen asks it (the account menu, the guard) without building a
// schema. Its enums as schemas are in `permission-schemas.ts`.

/** The roles of the people who run the business. */
export const staffRoles = ['owner', 'finance', 'support', 'ops'] as const;

/** Roles a user can hold: a customer, or staff with one of the staff roles. */
export const userRoles = ['customer', ...staffRoles] as const;
export type Role = (typeof userRoles)[number];
export type StaffRole = (typeof staffRoles)[number];

/**
 * What staff may do. `*.read` opens a page and its lists; the others are the writes and the
 * money figures. An endpoint names one; the admin menu and each button ask the same question.
 */
export const permissions = [
  'dashboard.read',
  /** Revenue and other money figures on the dashboard. */
  'dashboard.money',
  'customers.read',
  /** Disable/enable a customer, sign them out everywhere, reset a proxy password. */
  'customers.manage',
  /** Ask for a balance adjustment (applied at once below the approval threshold). */
  'balance.adjust',
  /** Approve or reject another operator's large balance adjustment. */
  'balance.approve',
  'orders.read',
  'orders.refund',
  'payments.read',
  /** Ask the provider about a payment (sync) and mark one paid by hand. */
  'payments.manage',
  'catalog.read',
  'catalog.manage',
  'inventory.read',
  'inventory.manage',
  'nodes.read',
  'nodes.manage',
  'announcements.manage',
  /** The outbox: every message with its state and SMTP reply, and its preview. */
  'messages.read',
  /** Resend a failed message; send a test email. */
  'messages.manage',
  'audit.read',
  'staff.manage',
  /** The business's own details (company name, address, tax number) that receipts carry. */
  'settings.manage',
] as const;
export type Permission = (typeof permissions)[number];

const readAll = [
  'dashboard.read',
  'customers.read',
  'orders.read',
  'payments.read',
  'catalog.read',
  'inventory.read',
  'nodes.read',
  'audit.read',
] as const satisfies readonly Permission[];

/**
 * THE permission table. `owner` does everything and alone manages staff; `finance` moves money
 * and reads everything but the outbox; `support` helps customers (and reads and resends their
 * mail) but moves no money; `ops` runs the catalog,
 * the inventory and the gateways and sees no money.
 */
export const rolePermissions: Record<StaffRole, readonly Permission[]> = {
  owner: permissions,
  finance: [
    ...readAll,
    'dashboard.money',
    'balance.adjust',
    'balance.approve',
    'orders.refund',
    'payments.manage',
  ],
  support: [
    'dashboard.read',
    'customers.read',
    'customers.manage',
    'orders.read',
    'inventory.read',
    'messages.read',
    'messages.manage',
  ],
  ops: [
    'dashboard.read',
    'catalog.read',
    'catalog.manage',
    'inventory.read',
    'inventory.manage',
    'nodes.read',
    'nodes.manage',
    'announcements.manage',
  ],
};

export function isStaffRole(role: Role | string): role is StaffRole {
  return (staffRoles as readonly string[]).includes(role);
}

/** Whether a user of `role` may do `permission`; a customer may do nothing of the admin side. */
export function hasPermission(role: Role | string, permission: Permission): boolean {
  return isStaffRole(role) && rolePermissions[role].includes(permission);
}

/**
 * What an audit-log entry records was done (`<target>.<verb>`). The writers and the log's
 * filter and labels all use this list; a new kind of operator write adds its name here.
 */
export const auditActions = [
  'staff.create',
  'staff.update',
  'staff.remove',
  'staff.reset_2fa',
  'customer.disable',
  'customer.enable',
  'customer.sign_out',
  'customer.reset_proxy_password',
  'balance.adjust',
  'balance.request',
  'balance.approve',
  'balance.reject',
  'order.refund',
  'payment.sync',
  'payment.mark_paid',
  'announcement.create',
  'announcement.update',
  'announcement.delete',
  'region.create',
  'region.update',
  'plan.create',
  'plan.update',
  'plan.price',
  'plan.delete',
  'traffic_plan.create',
  'traffic_plan.update',
  'traffic_plan.delete',
  'node.create',
  'node.rotate_key',
  'node.disable',
  'node.enable',
  'ip.import',
  'ip.quarantine',
  'ip.release',
  'ip.retire',
  'message.resend',
  'message.test',
  'settings.update',
] as const;
export type AuditAction = (typeof auditActions)[number];
