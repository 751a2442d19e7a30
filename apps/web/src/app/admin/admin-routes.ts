import { HomeOutlined, ShoppingOutlined } from '@ant-design/icons';
import type { Permission } from '@stratus/contract';
import { hasPermission, type Role } from '@stratus/contract';
import { matchPath } from 'react-router';
import type { MessageKey } from '../../locales/index.ts';
import { ADMIN_HOME, ADMIN_ORDERS_PATH } from '../../shared/paths.ts';
import type { PageModule, RouteIcon } from '../routes.ts';

export interface AdminRoute {
  /** Absolute path, with `:name` parameters for pages about one record. */
  path: string;
  /** Message key of the page title (menu label, heading, document title). */
  title: MessageKey;
  /** What the page needs; null for pages every staff member opens. */
  permission: Permission | null;
  /** Menu entries have an icon; pages about one record (customer detail) are reached by links. */
  icon?: RouteIcon;
  load: () => Promise<PageModule>;
}

/**
 * The operator console's route table: its router, menu and titles read it, and the permission of
 * each entry, from the contract's one permission table, decides who sees it.
 */
export const adminRoutes: readonly AdminRoute[] = [
  {
    path: ADMIN_HOME,
    title: 'admin.nav.home',
    permission: null,
    icon: HomeOutlined,
    load: () => import('../../features/admin-home/pages/admin-home-page.tsx'),
  },
  {
    path: ADMIN_ORDERS_PATH,
    title: 'adminOrders.title',
    permission: 'orders.read',
    icon: ShoppingOutlined,
    load: () => import('../../features/admin-orders/pages/admin-orders-page.tsx'),
  },
];

/** The route a path shows (parameters matched), or undefined. */
export function findAdminRoute(pathname: string): AdminRoute | undefined {
  return adminRoutes.find((route) => matchPath({ path: route.path, end: true }, pathname));
}

/** Whether a user of `role` may open `route`: staff only, and only with the route's permission. */
export function canOpen(role: Role, route: AdminRoute): boolean {
  if (role === 'customer') return false;
  return route.permission === null || hasPermission(role, route.permission);
}

/** The menu of a role: the pages with an icon it may open, in table order. */
export function adminMenuOf(role: Role): AdminRoute[] {
  return adminRoutes.filter((route) => route.icon && canOpen(role, route));
}
