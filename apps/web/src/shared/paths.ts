// Every page's address, in a leaf module: features link to pages through these constants, and
// the route table (app/routes.ts) maps the same constants to the pages. Importing nothing of the
// app keeps the links from tying features back to the route table that lazily imports them.
import { API_PREFIX, RECEIPT_PAGE_PATH, receiptPagePath } from '@stratus/contract';

/** Where the interactive API documentation is served (Swagger UI of the server). */
export const API_DOCS_URL = `${API_PREFIX}/docs`;
export const PORTAL_HOME = '/portal/home';
export const PORTAL_AUTH = '/portal/auth';
/** Forgot password: ask for a link; with the link's `token`, choose a new password. */
export const PORTAL_RESET = '/portal/reset';
export const CONSOLE_HOME = '/console/overview';
export const RECHARGE_PATH = '/console/recharge';
export const BUSINESS_FLOW_PATH = '/console/businessFlow';
export const CHECKOUT_PATH = '/console/checkout-counter';
export const BUY_STATIC_IP_PATH = '/console/buyStaticIP';
export const IP_LIST_PATH = '/console/ipList';
export const IP_ORDER_LIST_PATH = '/console/ipOrderList';
export const DYNAMIC_IP_PATH = '/console/buyDynamicIP';
export const BUY_TRAFFIC_PATH = '/console/buyTrafficFlow';
export const TRAFFIC_HISTORY_PATH = '/console/trafficFlowHistory';
export const TRAFFIC_PACKAGES_PATH = '/console/trafficFlowPackList';
export const PAY_SUCCESS_PATH = '/portal/paySuccess';
/** Where mailed address links land: `/portal/verify-email?token=…`. */
export const VERIFY_EMAIL_PATH = '/portal/verify-email';
export const LINE_BUY_PATH = '/console/line-buy';
export const ROUTER_BUY_PATH = '/console/router-buy';
/** The inbox: every message sent to the customer. */
export const MESSAGES_PATH = '/console/messages';
/** The customer's webhook endpoints and their delivery logs. */
export const WEBHOOKS_PATH = '/console/webhooks';
/** The caller's devices: signed-in sessions and the sign-in history. */
export const SECURITY_PATH = '/console/security';
/** The customer's scoped API keys. */
export const API_KEYS_PATH = '/console/api-keys';
/**
 * The printable receipt of a paid top-up or order: `/console/receipt/<kind>/<id or number>`
 * (in the contract: the credited mail links to it too).
 */
export const RECEIPT_PATH = RECEIPT_PAGE_PATH;
/** The receipt page of a top-up or order, by its id or its readable number (`TP…`, `SI…`). */
export const receiptPathOf = receiptPagePath;
/** Where a mail's unsubscribe link opens: `/portal/unsubscribe?token=…`. */
export const UNSUBSCRIBE_PATH = '/portal/unsubscribe';

/**
 * Every page of the customer route table (app/routes.ts), for the browser sweep that opens each
 * on a phone and a laptop (e2e/customer-layout.test.ts): the route table imports the pages, which
 * that test cannot load, and a web test keeps the two lists equal.
 */
export const CUSTOMER_PAGE_PATHS: readonly string[] = [
  CONSOLE_HOME,
  DYNAMIC_IP_PATH,
  BUY_STATIC_IP_PATH,
  IP_LIST_PATH,
  IP_ORDER_LIST_PATH,
  BUY_TRAFFIC_PATH,
  TRAFFIC_HISTORY_PATH,
  TRAFFIC_PACKAGES_PATH,
  RECHARGE_PATH,
  BUSINESS_FLOW_PATH,
  CHECKOUT_PATH,
  LINE_BUY_PATH,
  ROUTER_BUY_PATH,
  MESSAGES_PATH,
  WEBHOOKS_PATH,
  SECURITY_PATH,
  API_KEYS_PATH,
  RECEIPT_PATH,
  PORTAL_HOME,
  PORTAL_AUTH,
  PORTAL_RESET,
  PAY_SUCCESS_PATH,
  UNSUBSCRIBE_PATH,
  VERIFY_EMAIL_PATH,
];

// The operator console (`/admin`): its own layout and route table (app/admin/admin-routes.ts).
export const ADMIN_HOME = '/admin';
export const ADMIN_CUSTOMERS_PATH = '/admin/customers';
/** One customer's page: `/admin/customers/<id>`. */
export const ADMIN_CUSTOMER_PATH = '/admin/customers/:id';
export const ADMIN_ADJUSTMENTS_PATH = '/admin/adjustments';
export const ADMIN_ORDERS_PATH = '/admin/orders';
export const ADMIN_PAYMENTS_PATH = '/admin/payments';
export const ADMIN_RECONCILIATION_PATH = '/admin/reconciliation';
export const ADMIN_AUDIT_LOG_PATH = '/admin/audit-log';
export const ADMIN_STAFF_PATH = '/admin/staff';
export const ADMIN_ANNOUNCEMENTS_PATH = '/admin/announcements';
/** The owner's settings: the business's details that receipts print. */
export const ADMIN_SETTINGS_PATH = '/admin/settings';
/** A staff member's own inbox (the outbox of every message is another page). */
export const ADMIN_INBOX_PATH = '/admin/inbox';
/** A staff member's own devices: the same page as the console's. */
export const ADMIN_SECURITY_PATH = '/admin/security';
export const ADMIN_MESSAGES_PATH = '/admin/messages';
export const ADMIN_CATALOG_REGIONS_PATH = '/admin/catalog/regions';
export const ADMIN_CATALOG_STATIC_IP_PLANS_PATH = '/admin/catalog/static-ip-plans';
export const ADMIN_CATALOG_TRAFFIC_PLANS_PATH = '/admin/catalog/traffic-plans';
export const ADMIN_NODES_PATH = '/admin/nodes';
/** One gateway node's page: `/admin/nodes/<id>`. */
export const ADMIN_NODE_PATH = '/admin/nodes/:id';
export const ADMIN_IPS_PATH = '/admin/ips';
/** Import addresses into the pool: preview, then apply. */
export const ADMIN_IP_IMPORT_PATH = '/admin/ips/import';
