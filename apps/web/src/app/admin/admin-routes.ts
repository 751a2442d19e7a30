import {
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  ClusterOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  DatabaseOutlined,
  HomeOutlined,
  MailOutlined,
  NotificationOutlined,
  ReconciliationOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { Permission } from '@stratus/contract';
import { hasPermission, type Role } from '@stratus/contract';
import { matchPath } from 'react-router';
import type { MessageKey } from '../../locales/index.ts';
import {
  ADMIN_ADJUSTMENTS_PATH,
  ADMIN_ANNOUNCEMENTS_PATH,
  ADMIN_AUDIT_LOG_PATH,
  ADMIN_CATALOG_REGIONS_PATH,
  ADMIN_CATALOG_STATIC_IP_PLANS_PATH,
  ADMIN_CATALOG_TRAFFIC_PLANS_PATH,
  ADMIN_CUSTOMER_PATH,
  ADMIN_CUSTOMERS_PATH,
  ADMIN_HOME,
  ADMIN_INBOX_PATH,
  ADMIN_NODE_PATH,
  ADMIN_NODES_PATH,
  ADMIN_IP_IMPORT_PATH,
  ADMIN_IPS_PATH,
  ADMIN_MESSAGES_PATH,
  ADMIN_ORDERS_PATH,
  ADMIN_PAYMENTS_PATH,
  ADMIN_RECONCILIATION_PATH,
  ADMIN_SECURITY_PATH,
  ADMIN_SETTINGS_PATH,
  ADMIN_STAFF_PATH,
} from '../../shared/paths.ts';
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
  /** The menu entry a page without one highlights (a customer's page: the customer list). */
  menuPath?: string;
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
    load: () => import('../../features/admin-dashboard/pages/admin-home-page.tsx'),
  },
  {
    // Opened from the header's bell, not the menu.
    path: ADMIN_INBOX_PATH,
    title: 'admin.nav.inbox',
    permission: null,
    load: () => import('../../features/messages/pages/messages-page.tsx'),
  },
  {
    // Opened from the account menu, not the side menu: the staff member's own devices.
    path: ADMIN_SECURITY_PATH,
    title: 'nav.security',
    permission: null,
    load: () => import('../../features/devices/pages/security-page.tsx'),
  },
  {
    path: ADMIN_CUSTOMERS_PATH,
    title: 'adminCustomers.nav.customers',
    permission: 'customers.read',
    icon: UserOutlined,
    load: () => import('../../features/admin-customers/pages/customers-page.tsx'),
  },
  {
    path: ADMIN_CUSTOMER_PATH,
    title: 'adminCustomers.nav.customer',
    permission: 'customers.read',
    menuPath: ADMIN_CUSTOMERS_PATH,
    load: () => import('../../features/admin-customers/pages/customer-page.tsx'),
  },
  {
    path: ADMIN_ADJUSTMENTS_PATH,
    title: 'adminCustomers.nav.adjustments',
    permission: 'balance.adjust',
    icon: AccountBookOutlined,
    load: () => import('../../features/admin-customers/pages/adjustments-page.tsx'),
  },
  {
    path: ADMIN_ORDERS_PATH,
    title: 'adminOrders.title',
    permission: 'orders.read',
    icon: ShoppingOutlined,
    load: () => import('../../features/admin-orders/pages/admin-orders-page.tsx'),
  },
  {
    path: ADMIN_PAYMENTS_PATH,
    title: 'adminPayments.nav.payments',
    permission: 'payments.read',
    icon: CreditCardOutlined,
    load: () => import('../../features/admin-payments/pages/admin-payments-page.tsx'),
  },
  {
    path: ADMIN_RECONCILIATION_PATH,
    title: 'adminPayments.nav.reconciliation',
    permission: 'payments.read',
    icon: ReconciliationOutlined,
    load: () => import('../../features/admin-payments/pages/reconciliation-page.tsx'),
  },
  {
    path: ADMIN_CATALOG_REGIONS_PATH,
    title: 'adminCatalog.nav.regions',
    permission: 'catalog.read',
    icon: EnvironmentOutlined,
    load: () => import('../../features/admin-catalog/pages/regions-page.tsx'),
  },
  {
    path: ADMIN_CATALOG_STATIC_IP_PLANS_PATH,
    title: 'adminCatalog.nav.staticIpPlans',
    permission: 'catalog.read',
    icon: AppstoreOutlined,
    load: () => import('../../features/admin-catalog/pages/static-ip-plans-page.tsx'),
  },
  {
    path: ADMIN_CATALOG_TRAFFIC_PLANS_PATH,
    title: 'adminCatalog.nav.trafficPlans',
    permission: 'catalog.read',
    icon: DashboardOutlined,
    load: () => import('../../features/admin-catalog/pages/traffic-plans-page.tsx'),
  },
  {
    path: ADMIN_IPS_PATH,
    title: 'adminInventory.nav.ips',
    permission: 'inventory.read',
    icon: DatabaseOutlined,
    load: () => import('../../features/admin-inventory/pages/admin-ips-page.tsx'),
  },
  {
    path: ADMIN_IP_IMPORT_PATH,
    title: 'adminInventory.nav.import',
    permission: 'inventory.manage',
    menuPath: ADMIN_IPS_PATH,
    load: () => import('../../features/admin-inventory/pages/import-ips-page.tsx'),
  },
  {
    path: ADMIN_NODES_PATH,
    title: 'adminNodes.title',
    permission: 'nodes.read',
    icon: ClusterOutlined,
    load: () => import('../../features/admin-nodes/pages/nodes-page.tsx'),
  },
  {
    path: ADMIN_NODE_PATH,
    title: 'adminNodes.nav.node',
    permission: 'nodes.read',
    menuPath: ADMIN_NODES_PATH,
    load: () => import('../../features/admin-nodes/pages/node-page.tsx'),
  },
  {
    path: ADMIN_ANNOUNCEMENTS_PATH,
    title: 'adminAnnouncements.title',
    permission: 'announcements.manage',
    icon: NotificationOutlined,
    load: () => import('../../features/admin-announcements/pages/announcements-page.tsx'),
  },
  {
    path: ADMIN_MESSAGES_PATH,
    title: 'adminMessages.title',
    permission: 'messages.read',
    icon: MailOutlined,
    load: () => import('../../features/admin-messages/pages/messages-page.tsx'),
  },

  {
    path: ADMIN_AUDIT_LOG_PATH,
    title: 'adminAudit.title',
    permission: 'audit.read',
    icon: AuditOutlined,
    load: () => import('../../features/admin-audit/pages/audit-log-page.tsx'),
  },
  {
    path: ADMIN_STAFF_PATH,
    title: 'adminStaff.title',
    permission: 'staff.manage',
    icon: TeamOutlined,
    load: () => import('../../features/admin-staff/pages/staff-page.tsx'),
  },
  {
    path: ADMIN_SETTINGS_PATH,
    title: 'adminSettings.title',
    permission: 'settings.manage',
    icon: SettingOutlined,
    load: () => import('../../features/admin-settings/pages/settings-page.tsx'),
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
