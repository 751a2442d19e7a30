import { describe, expect, it } from 'vitest';
import {
  ADMIN_ADJUSTMENTS_PATH,
  ADMIN_CUSTOMER_PATH,
  ADMIN_CUSTOMERS_PATH,
} from '../../shared/paths.ts';
import { adminMenuOf, canOpen, findAdminRoute } from './admin-routes.ts';

const menuPaths = (role: Parameters<typeof adminMenuOf>[0]) =>
  adminMenuOf(role).map((route) => route.path);

describe('the customers and adjustments pages in the admin route table', () => {
  it('puts customers in the menu of roles that read them, adjustments of roles that adjust', () => {
    expect(menuPaths('owner')).toEqual(
      expect.arrayContaining([ADMIN_CUSTOMERS_PATH, ADMIN_ADJUSTMENTS_PATH]),
    );
    expect(menuPaths('finance')).toEqual(
      expect.arrayContaining([ADMIN_CUSTOMERS_PATH, ADMIN_ADJUSTMENTS_PATH]),
    );
    expect(menuPaths('support')).toContain(ADMIN_CUSTOMERS_PATH);
    expect(menuPaths('support')).not.toContain(ADMIN_ADJUSTMENTS_PATH);
    expect(menuPaths('ops')).not.toContain(ADMIN_CUSTOMERS_PATH);
    expect(menuPaths('ops')).not.toContain(ADMIN_ADJUSTMENTS_PATH);
  });

  it("reaches one customer's page by link only, with the customers permission", () => {
    const route = findAdminRoute('/admin/customers/6f1c2d3e-4a5b-4c6d-8e7f-101112131415');
    expect(route?.path).toBe(ADMIN_CUSTOMER_PATH);
    expect(route?.icon).toBeUndefined();
    expect(menuPaths('owner')).not.toContain(ADMIN_CUSTOMER_PATH);
    expect(canOpen('support', route!)).toBe(true);
    expect(canOpen('ops', route!)).toBe(false);
    expect(canOpen('customer', route!)).toBe(false);
  });
});
