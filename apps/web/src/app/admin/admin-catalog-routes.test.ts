import { hasPermission, staffRoles } from '@stratus/contract';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_CATALOG_REGIONS_PATH,
  ADMIN_CATALOG_STATIC_IP_PLANS_PATH,
  ADMIN_CATALOG_TRAFFIC_PLANS_PATH,
} from '../../shared/paths.ts';
import { adminMenuOf, canOpen, findAdminRoute } from './admin-routes.ts';

const catalogPaths = [
  ADMIN_CATALOG_REGIONS_PATH,
  ADMIN_CATALOG_STATIC_IP_PLANS_PATH,
  ADMIN_CATALOG_TRAFFIC_PLANS_PATH,
];

describe('the catalog pages of the operator console', () => {
  it('are on the menu of the roles that may read the catalog, and only theirs', () => {
    for (const path of catalogPaths) {
      const route = findAdminRoute(path);
      expect(route?.permission).toBe('catalog.read');
      for (const role of staffRoles) {
        const menu = adminMenuOf(role).map((entry) => entry.path);
        if (hasPermission(role, 'catalog.read')) expect(menu, role).toContain(path);
        else expect(menu, role).not.toContain(path);
      }
      expect(canOpen('ops', route!)).toBe(true);
      expect(canOpen('support', route!)).toBe(false);
      expect(canOpen('customer', route!)).toBe(false);
    }
  });
});
