import { describe, expect, it } from 'vitest';
import {
  hasPermission,
  isStaffRole,
  permissions,
  rolePermissions,
  staffRoles,
} from './permissions.ts';

describe('the permission table', () => {
  it('gives the owner everything and staff management to the owner alone', () => {
    for (const permission of permissions) expect(hasPermission('owner', permission)).toBe(true);
    for (const role of staffRoles.filter((role) => role !== 'owner')) {
      expect(hasPermission(role, 'staff.manage')).toBe(false);
    }
  });

  it('keeps money moves with finance and the owner', () => {
    const moneyMoves = [
      'balance.adjust',
      'balance.approve',
      'orders.refund',
      'payments.manage',
    ] as const;
    for (const permission of moneyMoves) {
      expect(staffRoles.filter((role) => hasPermission(role, permission))).toEqual([
        'owner',
        'finance',
      ]);
    }
    expect(hasPermission('support', 'dashboard.money')).toBe(false);
    expect(hasPermission('ops', 'dashboard.money')).toBe(false);
  });

  it('lets support help customers and ops run the catalog, inventory and nodes', () => {
    expect(hasPermission('support', 'customers.manage')).toBe(true);
    expect(hasPermission('support', 'catalog.manage')).toBe(false);
    expect(hasPermission('ops', 'nodes.manage')).toBe(true);
    expect(hasPermission('ops', 'customers.read')).toBe(false);
  });

  it('shows the outbox, its resends and the test email to the owner and support alone', () => {
    for (const permission of ['messages.read', 'messages.manage'] as const) {
      expect(staffRoles.filter((role) => hasPermission(role, permission))).toEqual([
        'owner',
        'support',
      ]);
    }
  });

  it('gives a customer nothing', () => {
    expect(isStaffRole('customer')).toBe(false);
    for (const permission of permissions) expect(hasPermission('customer', permission)).toBe(false);
    expect(hasPermission('operator', 'customers.read')).toBe(false);
  });

  it('names only known permissions, once each', () => {
    for (const role of staffRoles) {
      const listed = rolePermissions[role];
      expect(new Set(listed).size).toBe(listed.length);
      for (const permission of listed) expect(permissions).toContain(permission);
    }
  });
});
