import { describe, expect, it } from 'vitest';
import { ADMIN_IP_IMPORT_PATH, ADMIN_IPS_PATH } from '../../shared/paths.ts';
import { adminMenuOf, canOpen, findAdminRoute } from './admin-routes.ts';

const menuPaths = (role: Parameters<typeof adminMenuOf>[0]) =>
  adminMenuOf(role).map((route) => route.path);

describe('the IP inventory pages of the operator console', () => {
  it('are on the menu of the roles that read the inventory, the import for those who manage it', () => {
    const list = findAdminRoute(ADMIN_IPS_PATH);
    const importPage = findAdminRoute(ADMIN_IP_IMPORT_PATH);
    expect(list).toMatchObject({ permission: 'inventory.read', title: 'adminInventory.nav.ips' });
    expect(importPage).toMatchObject({
      permission: 'inventory.manage',
      menuPath: ADMIN_IPS_PATH,
    });
    for (const role of ['owner', 'finance', 'support', 'ops'] as const) {
      expect(menuPaths(role)).toContain(ADMIN_IPS_PATH);
      // The import has no menu entry of its own: the list's button leads there.
      expect(menuPaths(role)).not.toContain(ADMIN_IP_IMPORT_PATH);
    }
    expect(canOpen('ops', importPage!)).toBe(true);
    expect(canOpen('owner', importPage!)).toBe(true);
    expect(canOpen('support', importPage!)).toBe(false);
    expect(canOpen('finance', importPage!)).toBe(false);
    expect(canOpen('customer', list!)).toBe(false);
  });
});
