import type { Locale } from '@stratus/contract';
import enAccess from './en-US/access.ts';
import enAdmin from './en-US/admin.ts';
import enAdminAudit from './en-US/admin-audit.ts';
import enAdminCatalog from './en-US/admin-catalog.ts';
import enAdminStaff from './en-US/admin-staff.ts';
import enAdminPayments from './en-US/admin-payments.ts';
import enAdminCustomers from './en-US/admin-customers.ts';
import enAdminOrders from './en-US/admin-orders.ts';
import enAdminDashboard from './en-US/admin-dashboard.ts';
import enAdminAnnouncements from './en-US/admin-announcements.ts';
import enAdminMessages from './en-US/admin-messages.ts';
import enAdminSettings from './en-US/admin-settings.ts';
import enAnnouncements from './en-US/announcements.ts';
import enAdminNodes from './en-US/admin-nodes.ts';
import enAdminInventory from './en-US/admin-inventory.ts';
import enApiKeys from './en-US/api-keys.ts';
import enAuth from './en-US/auth.ts';
import enCommon from './en-US/common.ts';
import enDevices from './en-US/devices.ts';
import enDynamic from './en-US/dynamic.ts';
import enHttp from './en-US/http.ts';
import enInstances from './en-US/instances.ts';
import enInbox from './en-US/messages.ts';
import enNav from './en-US/nav.ts';
import enOrders from './en-US/orders.ts';
import enOverview from './en-US/overview.ts';
import enPasskeys from './en-US/passkeys.ts';
import enPayments from './en-US/payments.ts';
import enReceipts from './en-US/receipts.ts';
import enTraffic from './en-US/traffic.ts';
import enUsers from './en-US/users.ts';
import enValidation from './en-US/validation.ts';
import enWallet from './en-US/wallet.ts';
import enWebhooks from './en-US/webhooks.ts';
import zhAccess from './zh-CN/access.ts';
import zhAdmin from './zh-CN/admin.ts';
import zhAdminAudit from './zh-CN/admin-audit.ts';
import zhAdminCatalog from './zh-CN/admin-catalog.ts';
import zhAdminStaff from './zh-CN/admin-staff.ts';
import zhAdminPayments from './zh-CN/admin-payments.ts';
import zhAdminCustomers from './zh-CN/admin-customers.ts';
import zhAdminOrders from './zh-CN/admin-orders.ts';
import zhAdminDashboard from './zh-CN/admin-dashboard.ts';
import zhAdminAnnouncements from './zh-CN/admin-announcements.ts';
import zhAdminMessages from './zh-CN/admin-messages.ts';
import zhAdminSettings from './zh-CN/admin-settings.ts';
import zhAnnouncements from './zh-CN/announcements.ts';
import zhAdminNodes from './zh-CN/admin-nodes.ts';
import zhAdminInventory from './zh-CN/admin-inventory.ts';
import zhApiKeys from './zh-CN/api-keys.ts';
import zhAuth from './zh-CN/auth.ts';
import zhCommon from './zh-CN/common.ts';
import zhDevices from './zh-CN/devices.ts';
import zhDynamic from './zh-CN/dynamic.ts';
import zhHttp from './zh-CN/http.ts';
import zhInstances from './zh-CN/instances.ts';
import zhInbox from './zh-CN/messages.ts';
import zhNav from './zh-CN/nav.ts';
import zhOrders from './zh-CN/orders.ts';
import zhOverview from './zh-CN/overview.ts';
import zhPasskeys from './zh-CN/passkeys.ts';
import zhPayments from './zh-CN/payments.ts';
import zhReceipts from './zh-CN/receipts.ts';
import zhTraffic from './zh-CN/traffic.ts';
import zhUsers from './zh-CN/users.ts';
import zhValidation from './zh-CN/validation.ts';
import zhWallet from './zh-CN/wallet.ts';
import zhWebhooks from './zh-CN/webhooks.ts';

/**
 * The domains whose messages the portal shows: its first screen fetches only these (the
 * catalogue-*-portal.ts files name them in their globs; catalogue.test.ts holds them together).
 */
export const PORTAL_DOMAINS = ['auth', 'common', 'http', 'nav', 'validation'] as const;

/** Locale files per domain; the completeness test walks this table. */
export const localeDomains = {
  admin: { 'zh-CN': zhAdmin, 'en-US': enAdmin },
  adminAudit: { 'zh-CN': zhAdminAudit, 'en-US': enAdminAudit },
  adminCatalog: { 'zh-CN': zhAdminCatalog, 'en-US': enAdminCatalog },
  adminStaff: { 'zh-CN': zhAdminStaff, 'en-US': enAdminStaff },
  adminPayments: { 'zh-CN': zhAdminPayments, 'en-US': enAdminPayments },
  adminCustomers: { 'zh-CN': zhAdminCustomers, 'en-US': enAdminCustomers },
  adminOrders: { 'zh-CN': zhAdminOrders, 'en-US': enAdminOrders },
  adminDashboard: { 'zh-CN': zhAdminDashboard, 'en-US': enAdminDashboard },
  adminAnnouncements: { 'zh-CN': zhAdminAnnouncements, 'en-US': enAdminAnnouncements },
  adminMessages: { 'zh-CN': zhAdminMessages, 'en-US': enAdminMessages },
  adminSettings: { 'zh-CN': zhAdminSettings, 'en-US': enAdminSettings },
  announcements: { 'zh-CN': zhAnnouncements, 'en-US': enAnnouncements },
  adminNodes: { 'zh-CN': zhAdminNodes, 'en-US': enAdminNodes },
  adminInventory: { 'zh-CN': zhAdminInventory, 'en-US': enAdminInventory },
  apiKeys: { 'zh-CN': zhApiKeys, 'en-US': enApiKeys },
  auth: { 'zh-CN': zhAuth, 'en-US': enAuth },
  common: { 'zh-CN': zhCommon, 'en-US': enCommon },
  devices: { 'zh-CN': zhDevices, 'en-US': enDevices },
  passkeys: { 'zh-CN': zhPasskeys, 'en-US': enPasskeys },
  dynamic: { 'zh-CN': zhDynamic, 'en-US': enDynamic },
  access: { 'zh-CN': zhAccess, 'en-US': enAccess },
  http: { 'zh-CN': zhHttp, 'en-US': enHttp },
  instances: { 'zh-CN': zhInstances, 'en-US': enInstances },
  messages: { 'zh-CN': zhInbox, 'en-US': enInbox },
  nav: { 'zh-CN': zhNav, 'en-US': enNav },
  orders: { 'zh-CN': zhOrders, 'en-US': enOrders },
  overview: { 'zh-CN': zhOverview, 'en-US': enOverview },
  payments: { 'zh-CN': zhPayments, 'en-US': enPayments },
  receipts: { 'zh-CN': zhReceipts, 'en-US': enReceipts },
  traffic: { 'zh-CN': zhTraffic, 'en-US': enTraffic },
  users: { 'zh-CN': zhUsers, 'en-US': enUsers },
  validation: { 'zh-CN': zhValidation, 'en-US': enValidation },
  wallet: { 'zh-CN': zhWallet, 'en-US': enWallet },
  webhooks: { 'zh-CN': zhWebhooks, 'en-US': enWebhooks },
} satisfies Record<string, Record<Locale, Record<string, string>>>;

const zhMessages = {
  ...zhAdmin,
  ...zhAdminAudit,
  ...zhAdminCatalog,
  ...zhAdminStaff,
  ...zhAdminPayments,
  ...zhAdminCustomers,
  ...zhAdminOrders,
  ...zhAdminDashboard,
  ...zhAdminAnnouncements,
  ...zhAdminMessages,
  ...zhAdminSettings,
  ...zhAnnouncements,
  ...zhAdminNodes,
  ...zhAdminInventory,
  ...zhApiKeys,
  ...zhAuth,
  ...zhCommon,
  ...zhDevices,
  ...zhDynamic,
  ...zhAccess,
  ...zhHttp,
  ...zhInstances,
  ...zhInbox,
  ...zhNav,
  ...zhOrders,
  ...zhOverview,
  ...zhPasskeys,
  ...zhPayments,
  ...zhReceipts,
  ...zhTraffic,
  ...zhUsers,
  ...zhValidation,
  ...zhWallet,
  ...zhWebhooks,
};

/** Every message key of the interface (flat, dotted: `<domain>.<what>`). */
export type MessageKey = keyof typeof zhMessages;

export const messages: Record<Locale, Record<MessageKey, string>> = {
  'zh-CN': zhMessages,
  'en-US': {
    ...enAdmin,
    ...enAdminAudit,
    ...enAdminCatalog,
    ...enAdminStaff,
    ...enAdminPayments,
    ...enAdminCustomers,
    ...enAdminOrders,
    ...enAdminDashboard,
    ...enAdminAnnouncements,
    ...enAdminMessages,
    ...enAdminSettings,
    ...enAnnouncements,
    ...enAdminNodes,
    ...enAdminInventory,
    ...enApiKeys,
    ...enAuth,
    ...enCommon,
    ...enDevices,
    ...enDynamic,
    ...enAccess,
    ...enDynamic,
    ...enHttp,
    ...enInstances,
    ...enInbox,
    ...enNav,
    ...enOrders,
    ...enOverview,
    ...enPasskeys,
    ...enOverview,
    ...enPayments,
    ...enReceipts,
    ...enTraffic,
    ...enTraffic,
    ...enUsers,
    ...enValidation,
    ...enWallet,
    ...enWebhooks,
  },
};

export type Messages = typeof zhMessages;
