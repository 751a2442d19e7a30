import { describe, expect, it } from 'vitest';
import { ADMIN_ORDERS_PATH } from '../../shared/paths.ts';
import { adminMenuOf, canOpen, findAdminRoute } from './admin-routes.ts';

describe('the orders page of the operator console', () => {
  it('is on the menu of the roles that may read orders, and only theirs', () => {
    const route = findAdminRoute(ADMIN_ORDERS_PATH);
    expect(route).toMatchObject({ permission: 'orders.read', title: 'adminOrders.title' });
    for (const role of ['owner', 'finance', 'support'] as const) {
      expect(adminMenuOf(role).map((entry) => entry.path)).toContain(ADMIN_ORDERS_PATH);
    }
    expect(adminMenuOf('ops').map((entry) => entry.path)).not.toContain(ADMIN_ORDERS_PATH);
    expect(canOpen('ops', route!)).toBe(false);
    expect(canOpen('customer', route!)).toBe(false);
  });
});
