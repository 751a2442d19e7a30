import { ADMIN_PAYMENTS_PATH, ADMIN_RECONCILIATION_PATH } from '../../shared/paths.ts';
import { describe, expect, it } from 'vitest';
import { adminMenuOf, canOpen, findAdminRoute } from './admin-routes.ts';

const paymentPages = [ADMIN_PAYMENTS_PATH, ADMIN_RECONCILIATION_PATH];

describe('payment pages in the admin route table', () => {
  it('are menu pages for the roles that read payments, and only those', () => {
    for (const role of ['owner', 'finance'] as const) {
      const menu = adminMenuOf(role).map((route) => route.path);
      expect(menu).toEqual(expect.arrayContaining(paymentPages));
    }
    for (const role of ['support', 'ops', 'customer'] as const) {
      const menu = adminMenuOf(role).map((route) => route.path);
      for (const path of paymentPages) {
        expect(menu).not.toContain(path);
        expect(canOpen(role, findAdminRoute(path)!)).toBe(false);
      }
    }
  });
});
