import { describe, expect, it } from 'vitest';
import { ADMIN_NODE_PATH, ADMIN_NODES_PATH } from '../../shared/paths.ts';
import { adminMenuOf, canOpen, findAdminRoute } from './admin-routes.ts';

describe('the gateway node pages of the operator console', () => {
  it('are on the menu of the roles that may read nodes, and only theirs', () => {
    const list = findAdminRoute(ADMIN_NODES_PATH);
    expect(list).toMatchObject({ permission: 'nodes.read', title: 'adminNodes.title' });
    for (const role of ['owner', 'finance', 'ops'] as const) {
      expect(adminMenuOf(role).map((entry) => entry.path)).toContain(ADMIN_NODES_PATH);
    }
    expect(adminMenuOf('support').map((entry) => entry.path)).not.toContain(ADMIN_NODES_PATH);
    expect(canOpen('customer', list!)).toBe(false);
  });

  it('open one node’s page under the node list’s menu entry', () => {
    const page = findAdminRoute('/admin/nodes/00000000-0000-4000-8000-0000000000a1');
    expect(page).toMatchObject({
      path: ADMIN_NODE_PATH,
      permission: 'nodes.read',
      menuPath: ADMIN_NODES_PATH,
    });
    expect(canOpen('support', page!)).toBe(false);
    expect(canOpen('ops', page!)).toBe(true);
  });
});
