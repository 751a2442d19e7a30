import type { ComponentType, CSSProperties } from 'react';
import { matchPath } from 'react-router';
import type { MessageKey } from '../locales/index.ts';
import {
  BUSINESS_FLOW_PATH,
  BUY_STATIC_IP_PATH,
  BUY_TRAFFIC_PATH,
  CHECKOUT_PATH,
  CONSOLE_HOME,
  DYNAMIC_IP_PATH,
  IP_LIST_PATH,
  IP_ORDER_LIST_PATH,
  LINE_BUY_PATH,
  MESSAGES_PATH,
  PAY_SUCCESS_PATH,
  PORTAL_AUTH,
  PORTAL_HOME,
  PORTAL_RESET,
  RECHARGE_PATH,
  ROUTER_BUY_PATH,
  TRAFFIC_HISTORY_PATH,
  TRAFFIC_PACKAGES_PATH,
  UNSUBSCRIBE_PATH,
  VERIFY_EMAIL_PATH,
  WEBHOOKS_PATH,
  SECURITY_PATH,
  API_KEYS_PATH,
  RECEIPT_PATH,
} from '../shared/paths.ts';
import type { RecentPage } from '../shared/recent-pages.ts';

export type PageModule = { default: ComponentType };
export type RouteIcon = ComponentType<{ style?: CSSProperties }>;
/**
 * A menu icon by name: the menu draws it (app/console/menu-icons.ts). The table names it rather
 * than importing it, so the first screen of every page (which reads the table) loads no icon.
 */
export type MenuIconName =
  | 'global'
  | 'cloudServer'
  | 'wallet'
  | 'dashboard'
  | 'nodeIndex'
  | 'shoppingCart'
  | 'unorderedList'
  | 'fileText'
  | 'thunderbolt'
  | 'history'
  | 'appstore'
  | 'payCircle'
  | 'accountBook';

/** Submenu keys are the seed's group header paths. */
export type MenuGroupKey = '/buyDynamicIP' | '/buyTrafficFlow' | '/recharge';

export interface MenuGroup {
  key: MenuGroupKey;
  title: MessageKey;
  icon: MenuIconName;
}

export interface PageRoute {
  /** Absolute path of the page. */
  path: string;
  /** Message key of the page title (menu label, heading, document title, recent pages). */
  title: MessageKey;
  layout: 'console' | 'portal';
  load: () => Promise<PageModule>;
  /** Seed menu key (route metadata); pages outside the menu have none. */
  menuKey?: string;
  /** Submenu the page sits in; menu pages without a group sit at the top level. */
  group?: MenuGroupKey;
  icon?: MenuIconName;
  /** Transient flows (checkout, line and router purchase) never enter the recent pages. */
  recent: boolean;
  /**
   * Renders without Ant Design: the router then loads no Ant Design for it (the portal's sign-in
   * page, also without the console's messages; the console's overview, in the plain frame).
   * Every other portal page sits in the Ant Design frame (app/antd-shell.tsx), every other
   * console page brings Ant Design's providers with it (router.tsx).
   */
  plain?: boolean;
}

export const menuGroups: readonly MenuGroup[] = [
  { key: '/buyDynamicIP', title: 'nav.group.ip', icon: 'global' },
  { key: '/buyTrafficFlow', title: 'nav.group.traffic', icon: 'cloudServer' },
  { key: '/recharge', title: 'nav.group.wallet', icon: 'wallet' },
];

const loadPortalPage = () => import('../features/auth/pages/portal-page.tsx');

/** The one route table: router, menu, titles, selected key and recent pages all read it. */
export const pageRoutes: readonly PageRoute[] = [
  {
    path: CONSOLE_HOME,
    title: 'nav.overview',
    layout: 'console',
    menuKey: '0',
    icon: 'dashboard',
    recent: true,
    plain: true,
    load: () => import('../features/overview/pages/overview-page.tsx'),
  },
  {
    path: DYNAMIC_IP_PATH,
    title: 'nav.buyDynamicIP',
    layout: 'console',
    menuKey: '1-1',
    group: '/buyDynamicIP',
    icon: 'nodeIndex',
    recent: true,
    load: () => import('../features/dynamic/pages/buy-dynamic-ip-page.tsx'),
  },
  {
    path: BUY_STATIC_IP_PATH,
    title: 'nav.buyStaticIP',
    layout: 'console',
    menuKey: '1-2',
    group: '/buyDynamicIP',
    icon: 'shoppingCart',
    recent: true,
    load: () => import('../features/instances/pages/buy-static-ip-page.tsx'),
  },
  {
    path: IP_LIST_PATH,
    title: 'nav.ipList',
    layout: 'console',
    menuKey: '1-3',
    group: '/buyDynamicIP',
    icon: 'unorderedList',
    recent: true,
    load: () => import('../features/instances/pages/ip-list-page.tsx'),
  },
  {
    path: IP_ORDER_LIST_PATH,
    title: 'nav.ipOrderList',
    layout: 'console',
    menuKey: '1-4',
    group: '/buyDynamicIP',
    icon: 'fileText',
    recent: true,
    load: () => import('../features/orders/pages/ip-order-list-page.tsx'),
  },
  {
    path: BUY_TRAFFIC_PATH,
    title: 'nav.buyTrafficFlow',
    layout: 'console',
    menuKey: '2-1',
    group: '/buyTrafficFlow',
    icon: 'thunderbolt',
    recent: true,
    load: () => import('../features/traffic/pages/buy-traffic-flow-page.tsx'),
  },
  {
    path: TRAFFIC_HISTORY_PATH,
    title: 'nav.trafficFlowHistory',
    layout: 'console',
    menuKey: '2-2',
    group: '/buyTrafficFlow',
    icon: 'history',
    recent: true,
    load: () => import('../features/traffic/pages/traffic-flow-history-page.tsx'),
  },
  {
    path: TRAFFIC_PACKAGES_PATH,
    title: 'nav.trafficFlowPackList',
    layout: 'console',
    menuKey: '2-4',
    group: '/buyTrafficFlow',
    icon: 'appstore',
    recent: true,
    load: () => import('../features/traffic/pages/traffic-flow-pack-list-page.tsx'),
  },
  {
    path: RECHARGE_PATH,
    title: 'nav.recharge',
    layout: 'console',
    menuKey: '3-1',
    group: '/recharge',
    icon: 'payCircle',
    recent: true,
    load: () => import('../features/wallet/pages/recharge-page.tsx'),
  },
  {
    path: BUSINESS_FLOW_PATH,
    title: 'nav.businessFlow',
    layout: 'console',
    menuKey: '3-2',
    group: '/recharge',
    icon: 'accountBook',
    recent: true,
    load: () => import('../features/wallet/pages/business-flow-page.tsx'),
  },
  {
    path: CHECKOUT_PATH,
    title: 'nav.checkoutCounter',
    layout: 'console',
    recent: false,
    load: () => import('../features/payments/pages/checkout-counter-page.tsx'),
  },
  {
    path: LINE_BUY_PATH,
    title: 'nav.lineBuy',
    layout: 'console',
    recent: false,
    load: () => import('../features/orders/pages/line-buy-page.tsx'),
  },
  {
    path: ROUTER_BUY_PATH,
    title: 'nav.routerBuy',
    layout: 'console',
    recent: false,
    load: () => import('../features/orders/pages/router-buy-page.tsx'),
  },
  {
    path: MESSAGES_PATH,
    title: 'nav.messages',
    layout: 'console',
    recent: true,
    load: () => import('../features/messages/pages/messages-page.tsx'),
  },
  {
    path: WEBHOOKS_PATH,
    title: 'nav.webhooks',
    layout: 'console',
    recent: true,
    load: () => import('../features/webhooks/pages/webhooks-page.tsx'),
  },
  {
    path: SECURITY_PATH,
    title: 'nav.security',
    layout: 'console',
    recent: true,
    load: () => import('../features/devices/pages/security-page.tsx'),
  },
  {
    path: API_KEYS_PATH,
    title: 'nav.apiKeys',
    layout: 'console',
    recent: true,
    load: () => import('../features/api-keys/pages/api-keys-page.tsx'),
  },
  {
    // One record's page, printable: outside the menu, and never a recent page.
    path: RECEIPT_PATH,
    title: 'nav.receipt',
    layout: 'console',
    recent: false,
    load: () => import('../features/receipts/pages/receipt-page.tsx'),
  },
  {
    path: PORTAL_HOME,
    title: 'nav.portal',
    layout: 'portal',
    recent: false,
    plain: true,
    load: loadPortalPage,
  },
  {
    path: PORTAL_AUTH,
    title: 'nav.portal',
    layout: 'portal',
    recent: false,
    plain: true,
    load: loadPortalPage,
  },
  {
    path: PORTAL_RESET,
    title: 'nav.passwordReset',
    layout: 'portal',
    recent: false,
    load: () => import('../features/auth/pages/password-reset-page.tsx'),
  },
  {
    path: PAY_SUCCESS_PATH,
    title: 'nav.paySuccess',
    layout: 'portal',
    recent: false,
    load: () => import('../features/payments/pages/pay-success-page.tsx'),
  },
  {
    path: UNSUBSCRIBE_PATH,
    title: 'nav.unsubscribe',
    layout: 'portal',
    recent: false,
    load: () => import('../features/messages/pages/unsubscribe-page.tsx'),
  },
  {
    path: VERIFY_EMAIL_PATH,
    title: 'nav.verifyEmail',
    layout: 'portal',
    recent: false,
    load: () => import('../features/users/pages/verify-email-page.tsx'),
  },
];

function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The route of an address; a route with parameters (`:id`) matches any value of them. */
export function findPageRoute(pathname: string): PageRoute | undefined {
  const path = normalisePath(pathname);
  return (
    pageRoutes.find((route) => route.path === path) ??
    pageRoutes.find(
      (route) => route.path.includes(':') && matchPath({ path: route.path, end: true }, path),
    )
  );
}

export function menuRoutesOf(group: MenuGroupKey | undefined): PageRoute[] {
  return pageRoutes.filter((route) => route.menuKey !== undefined && route.group === group);
}

export function findRouteByMenuKey(menuKey: string): PageRoute | undefined {
  return pageRoutes.find((route) => route.menuKey === menuKey);
}

/** The recent-pages entry for an address, or null when that page is never recorded. */
export function recentPageFor(pathname: string): RecentPage | null {
  const route = findPageRoute(pathname);
  if (!route || !route.recent || route.layout !== 'console') return null;
  return { title: route.title, path: route.path };
}
