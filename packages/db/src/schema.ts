import {
  announcementSeverities,
  CURRENCY,
  gatewayNodeStatuses,
  instanceCheckStatuses,
  instanceStatuses,
  ipAddressStatuses,
  ledgerEntryTypes,
  lineTypes,
  locales,
  messageStates,
  notificationCategories,
  notificationChannels,
  orderItemKinds,
  orderStatuses,
  orderTypes,
  paymentChannels,
  paymentStatuses,
  proxyProtocols,
  trafficPackageStatuses,
  usageKinds,
  userRoles,
  apiKeyScopes,
  operatorSettingKeys,
  secondFactorKinds,
  signInOutcomes,
  webhookDeliveryStates,
  webhookDisabledReasons,
  webhookEvents,
  type IpAddressStatus,
} from '@stratus/contract';
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  jsonb,
  char,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

// Value lists the API also speaks come from the contract, not restated here: a column's type and
// its CHECK are written from the very list the API validates, and `enum-checks.test.ts` compares
// the migrated database's CHECKs with the contract's lists (a new value needs a migration).
export type UserRole = (typeof userRoles)[number];

/** SQL text of a string literal list: `'a', 'b'` (values are our own constants, quoted anyway). */
function sqlList(values: readonly string[]): SQL {
  return sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '));
}

/** `column in ('a', 'b')`: the CHECK that holds a column to one of `values`. */
function isOneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sqlList(values)})`;
}

/**
 * What an `auth_attempts` row counts: sign-ins per account (a high ceiling), per account from one
 * client address (the lock-out an attacker cannot extend to the owner's address), per client
 * address; sign-ups per address.
 */
export const authAttemptKinds = [
  'login_account',
  'login_account_address',
  'login_address',
  'register_address',
  'password_reset_email',
  'password_reset_address',
  'verification_resend',
  'second_factor_account',
] as const;
export type AuthAttemptKind = (typeof authAttemptKinds)[number];

function createdAt() {
  return timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
}

function updatedAt() {
  return timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored normalised (trimmed, lower case) so the unique index makes emails case-insensitive. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull().default(''),
    role: text('role', { enum: userRoles }).notNull().default('customer'),
    language: text('language', { enum: locales }).notNull().default('zh-CN'),
    /** SHA-256 of the personal API token: how a presented token is looked up. */
    apiTokenHash: text('api_token_hash').notNull(),
    /** The same token encrypted with the server's secret key, so the profile can show it. */
    apiTokenCiphertext: text('api_token_ciphertext').notNull(),
    /**
     * SHA-256 of the subscription token (`GET /api/sub/{token}`), made on first use; rotating it
     * replaces both columns, so the old URL answers 404 at once.
     */
    subscriptionTokenHash: text('subscription_token_hash'),
    /** The same token encrypted with the server's secret key, so the console can show the URL. */
    subscriptionTokenCiphertext: text('subscription_token_ciphertext'),
    /** When the account finished or closed the first-visit console tour; it never shows again. */
    tourCompletedAt: timestamp('tour_completed_at', { withTimezone: true }),
    /** When the account's address was confirmed by a mailed link; null: not yet. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Mail `balance.low` when the balance falls below this many fen; null: off (the default). */
    lowBalanceThresholdFen: bigint('low_balance_threshold_fen', { mode: 'bigint' }),
    /** The TOTP secret encrypted with the server's secret key; null: no authenticator app. */
    totpSecretCiphertext: text('totp_secret_ciphertext'),
    /** When a first valid code confirmed the secret; a secret not yet confirmed is not a factor. */
    totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
    /** The 30-second step of the last code accepted: that code, and older ones, are refused. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    uniqueIndex('users_api_token_hash_key').on(table.apiTokenHash),
    uniqueIndex('users_subscription_token_hash_key').on(table.subscriptionTokenHash),
    check(
      'users_subscription_token_pair',
      sql`(${table.subscriptionTokenHash} is null) = (${table.subscriptionTokenCiphertext} is null)`,
    ),
    index('users_created_at_idx').on(table.createdAt),
    check('users_email_normalised', sql`${table.email} = lower(btrim(${table.email}))`),
    check('users_role_check', isOneOf(table.role, userRoles)),
    check('users_language_check', isOneOf(table.language, locales)),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the opaque session token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    /** Written at most about once a minute; the idle timeout counts from here. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end of the session, whatever its use. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** The second factor the session was opened with; null: the password alone. */
    secondFactor: text('second_factor', { enum: secondFactorKinds }),
    /** When a second factor (or, without one, the password) was last proved in it: step-up. */
    steppedUpAt: timestamp('stepped_up_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    check(
      'sessions_second_factor_check',
      sql`${table.secondFactor} is null or ${isOneOf(table.secondFactor, secondFactorKinds)}`,
    ),
    index('sessions_user_id_idx').on(table.userId),
  ],
);

/**
 * API tokens a rotation replaced (SHA-256 only): a request presenting one is told the token was
 * replaced, rather than that a session expired. Gone with the account.
 */
export const replacedApiTokens = pgTable(
  'replaced_api_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('replaced_api_tokens_user_id_idx').on(table.userId)],
);

export const wallets = pgTable(
  'wallets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Integer fen; the check keeps it from going negative even if code is wrong. */
    balanceFen: bigint('balance_fen', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    currency: text('currency').notNull().default('CNY'),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('wallets_balance_fen_non_negative', sql`${table.balanceFen} >= 0`),
    check('wallets_currency_check', sql`${table.currency} = ${sqlList([CURRENCY])}`),
  ],
);

/**
 * Sign-in and sign-up attempts, counted over a sliding window to throttle them. Kept in the
 * database rather than in memory so every API server sees the same counts.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: authAttemptKinds }).notNull(),
    /**
     * Normalised email for `login_account`, `<email>|<address>` for `login_account_address`,
     * client address otherwise.
     */
    key: text('key').notNull(),
    /**
     * Null while the attempt holds its slot and the password is being checked (it counts as a
     * failure until then, so concurrent attempts cannot outrun the limit); sign-ups are true.
     */
    succeeded: boolean('succeeded'),
    createdAt: createdAt(),
  },
  (table) => [
    index('auth_attempts_kind_key_created_at_idx').on(table.kind, table.key, table.createdAt),
    index('auth_attempts_created_at_idx').on(table.createdAt),
    check('auth_attempts_kind_check', isOneOf(table.kind, authAttemptKinds)),
  ],
);

/**
 * Addresses an account has opened a session from (sign-up or sign-in), with the last time: a
 * known address keeps its own sign-in allowance when guessing from elsewhere has used up the
 * account's ceiling, so the owner is not locked out. Rows older than 90 days are pruned.
 */
/**
 * What a mailed one-time link is for: setting a new password, confirming the account's address,
 * or confirming a new address the account asked to move to.
 */
export const emailTokenPurposes = ['password_reset', 'email_verification', 'email_change'] as const;
export type EmailTokenPurpose = (typeof emailTokenPurposes)[number];

/**
 * The tokens of mailed links, kept only as their SHA-256: a database leak reveals no usable link.
 * Each is single use (`used_at`) and short lived (`expires_at`); a newer one of the same purpose
 * voids the older ones of the account.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: emailTokenPurposes }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the link confirms: the account's for verification, the new one for a change. */
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('email_tokens_token_hash_key').on(table.tokenHash),
    index('email_tokens_user_id_purpose_idx').on(table.userId, table.purpose),
    index('email_tokens_expires_at_idx').on(table.expiresAt),
    check('email_tokens_purpose_check', isOneOf(table.purpose, emailTokenPurposes)),
  ],
);

export const knownSignInAddresses = pgTable(
  'known_sign_in_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.address] }),
    index('known_sign_in_addresses_last_signed_in_at_idx').on(table.lastSignedInAt),
  ],
);

/**
 * Fixed-window request counters shared by every API server (a per-process count would let N
 * servers allow N times the limit): one row per key, e.g. `sub:<sha256 of a subscription token>`.
 * Keys never hold a secret itself. Windows that ended long ago are pruned.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [index('rate_limit_windows_window_started_at_idx').on(table.windowStartedAt)],
);

export type LedgerEntryKind = (typeof ledgerEntryTypes)[number];

/**
 * The ledger (账单流水): one row per balance change, written in the same transaction as the
 * change, so for every wallet the sum of `amount_fen` equals `wallets.balance_fen`.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ledgerEntryTypes }).notNull(),
    /** Signed integer fen: positive credits, negative debits; never zero. */
    amountFen: bigint('amount_fen', { mode: 'bigint' }).notNull(),
    /** The wallet balance right after this change. */
    balanceAfterFen: bigint('balance_after_fen', { mode: 'bigint' }).notNull(),
    /** What caused the change: a payment id, an order number…; null when nothing does. */
    reference: text('reference'),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_entries_user_id_created_at_idx').on(table.userId, table.createdAt.desc()),
    check('ledger_entries_type_check', isOneOf(table.type, ledgerEntryTypes)),
    check('ledger_entries_amount_fen_non_zero', sql`${table.amountFen} <> 0`),
    check('ledger_entries_balance_after_fen_non_negative', sql`${table.balanceAfterFen} >= 0`),
  ],
);

/** Top-up payments: created pending, then paid exactly once (crediting the wallet) or closed. */
export const payments = pgTable(
  'payments',
  {
    /** Also the merchant order number sent to the provider (Alipay's `out_trade_no`). */
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The readable payment number customers and operators see (`TP` + business day + 10 digits,
     * like order numbers). The id stays the provider's merchant order number.
     */
    paymentNo: text('payment_no').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: paymentChannels }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull().default('CNY'),
    status: text('status', { enum: paymentStatuses }).notNull().default('pending'),
    /** The provider's own trade number, known once paid. */
    providerTradeNo: text('provider_trade_no'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * When we closed the payment: set once it is closed, and kept if the provider reports it paid
     * after all (closed → paid), as the record that it was closed first. Never set while pending.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * Until when one server's expiry job holds this due pending payment while it asks the provider
     * (closes the trade, queries it) with no transaction open: other servers skip it meanwhile, so
     * the provider is called once. A lease left by a server that died simply lapses. It only saves
     * duplicate calls; settling locks the row and re-reads it. Null once the payment is settled.
     */
    providerCheckLeasedUntil: timestamp('provider_check_leased_until', { withTimezone: true }),
    /**
     * WeChat Pay Native's `code_url` (`weixin://wxpay/bizpayurl?pr=…`), the text of the QR code
     * the buyer scans, as WeChat answered when the payment was created; null for other channels.
     */
    providerCodeUrl: text('provider_code_url'),
  },
  (table) => [
    index('payments_user_id_created_at_idx').on(table.userId, table.createdAt.desc()),
    uniqueIndex('payments_payment_no_key').on(table.paymentNo),
    // The expiry job looks for due pending payments only.
    index('payments_pending_expires_at_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'pending'`),
    uniqueIndex('payments_channel_provider_trade_no_key')
      .on(table.channel, table.providerTradeNo)
      .where(sql`${table.providerTradeNo} is not null`),
    check('payments_amount_fen_positive', sql`${table.amountFen} > 0`),
    check('payments_currency_check', sql`${table.currency} = ${sqlList([CURRENCY])}`),
    check('payments_channel_check', isOneOf(table.channel, paymentChannels)),
    check('payments_status_check', isOneOf(table.status, paymentStatuses)),
    check(
      'payments_closed_at_check',
      sql`(${table.status} = 'pending' and ${table.closedAt} is null) or (${table.status} = 'closed' and ${table.closedAt} is not null) or ${table.status} = 'paid'`,
    ),
    check(
      'payments_provider_check_lease_pending_only',
      sql`${table.status} = 'pending' or ${table.providerCheckLeasedUntil} is null`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Static IPs: gateway nodes, the IP inventory, the catalog, orders and the instances customers own.
// ---------------------------------------------------------------------------------------------

export type LineTypeKind = (typeof lineTypes)[number];

export { gatewayNodeStatuses, ipAddressStatuses, type IpAddressStatus };

/** The machines that serve the proxies; each authenticates to the API with its own key. */
export const gatewayNodes = pgTable(
  'gateway_nodes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Public address of the node itself (its IPs are what customers connect to). */
    host: text('host').notNull(),
    /** SHA-256 of the node's API key; the key itself is never stored. */
    apiKeyHash: text('api_key_hash').notNull(),
    status: text('status', { enum: gatewayNodeStatuses }).notNull().default('active'),
    /** When the node last polled (each poll carries a heartbeat); null before its first. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** The latest heartbeat as the node sent it (see `nodeHeartbeatSchema` in the contract). */
    lastHeartbeat: jsonb('last_heartbeat').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('gateway_nodes_name_key').on(table.name),
    // Nodes authenticate by key alone: the hash finds the node.
    uniqueIndex('gateway_nodes_api_key_hash_key').on(table.apiKeyHash),
    check('gateway_nodes_status_check', isOneOf(table.status, gatewayNodeStatuses)),
  ],
);

/** A city a static IP can be bought in, with its names in both interface languages. */
export const regions = pgTable(
  'regions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** ISO 3166-1 alpha-2, upper case. */
    country: char('country', { length: 2 }).notNull(),
    countryNameZh: text('country_name_zh').notNull(),
    countryNameEn: text('country_name_en').notNull(),
    cityCode: text('city_code').notNull(),
    cityNameZh: text('city_name_zh').notNull(),
    cityNameEn: text('city_name_en').notNull(),
    /** Ascending order in the customer catalog and the operator's lists. */
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    uniqueIndex('regions_country_city_code_key').on(table.country, table.cityCode),
    check('regions_country_upper', sql`${table.country} = upper(${table.country})`),
  ],
);

/**
 * The IP inventory. An address is `available` to sell, `allocated` to a live or recently expired
 * instance, `cooling` after expiry (still reclaimable by its last owner by renewing),
 * `quarantined` by an operator (never sold) or `retired`. Every change of status is written to
 * `ip_address_events` by a trigger (see the migration), whatever code made it.
 */
export const ipAddresses = pgTable(
  'ip_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nodeId: uuid('node_id')
      .notNull()
      .references(() => gatewayNodes.id, { onDelete: 'restrict' }),
    /** The address customers connect to; the gateway binds on it. */
    address: text('address').notNull(),
    /** HTTP and SOCKS5 share this port. */
    port: integer('port').notNull(),
    vmessPort: integer('vmess_port').notNull(),
    regionId: uuid('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
    lineType: text('line_type', { enum: lineTypes }).notNull(),
    status: text('status', { enum: ipAddressStatuses }).notNull().default('available'),
    /** When a `cooling` address may be sold again. */
    coolingUntil: timestamp('cooling_until', { withTimezone: true }),
    /**
     * Why an operator quarantined or retired it (e.g. blacklisted); the trigger copies it into
     * the history row of that change. Null in the other states.
     */
    statusReason: text('status_reason'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ip_addresses_address_key').on(table.address),
    // Stock counts and allocation both look up by region, line type and status. A purchase
    // claims the lowest available addresses of a region and line: with the address last, the
    // claim reads them in order and stops at its LIMIT instead of sorting every available row.
    index('ip_addresses_region_line_status_address_idx').on(
      table.regionId,
      table.lineType,
      table.status,
      table.address,
    ),
    check('ip_addresses_line_type_check', isOneOf(table.lineType, lineTypes)),
    check('ip_addresses_status_check', isOneOf(table.status, ipAddressStatuses)),
    check('ip_addresses_port_range', sql`${table.port} between 1 and 65535`),
    check('ip_addresses_vmess_port_range', sql`${table.vmessPort} between 1 and 65535`),
  ],
);

/** What customers can buy: one plan per region and line type. */
export const staticIpPlans = pgTable(
  'static_ip_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    regionId: uuid('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
    lineType: text('line_type', { enum: lineTypes }).notNull(),
    /** Subset of `socks5`, `http`, `vmess`. */
    protocols: text('protocols')
      .array()
      .notNull()
      .default(sql`'{socks5,http,vmess}'::text[]`),
    /** Shown in the customer catalog; a hidden plan is neither sold nor listed. */
    active: boolean('active').notNull().default(true),
    /** Ascending order in the customer catalog within its region. */
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * Paid-for replacements an instance of this plan may make per calendar month (business time
     * zone), beyond the free ones in its first 24 hours.
     */
    replacementsPerMonth: integer('replacements_per_month').notNull().default(1),
    /**
     * Staff with the catalog permission are mailed once the plan's free addresses fall below it;
     * null: no mark.
     */
    lowStockMark: integer('low_stock_mark'),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      'static_ip_plans_low_stock_mark_range',
      sql`${table.lowStockMark} is null or ${table.lowStockMark} between 1 and 100000`,
    ),
    check(
      'static_ip_plans_replacements_per_month_range',
      sql`${table.replacementsPerMonth} between 0 and 100`,
    ),
    uniqueIndex('static_ip_plans_region_line_type_key').on(table.regionId, table.lineType),
    check('static_ip_plans_line_type_check', isOneOf(table.lineType, lineTypes)),
    check(
      'static_ip_plans_protocols_check',
      sql`${table.protocols} <@ array[${sqlList(proxyProtocols)}]::text[] and cardinality(${table.protocols}) > 0`,
    ),
  ],
);

/** The price of a plan per IP for each duration it offers. */
export const planPrices = pgTable(
  'plan_prices',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => staticIpPlans.id, { onDelete: 'cascade' }),
    durationDays: integer('duration_days').notNull(),
    /** Integer fen per IP for the whole duration. */
    priceFen: bigint('price_fen', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.planId, table.durationDays] }),
    check('plan_prices_duration_days_positive', sql`${table.durationDays} > 0`),
    check('plan_prices_price_fen_positive', sql`${table.priceFen} > 0`),
  ],
);

/** Purchases paid from the wallet; the ledger row carries the order number as its reference. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNo: text('order_no').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: orderTypes }).notNull(),
    status: text('status', { enum: orderStatuses }).notNull().default('paid'),
    totalFen: bigint('total_fen', { mode: 'bigint' }).notNull(),
    /** Fen refunded to the wallet so far, across all refunds of the order. */
    refundedFen: bigint('refunded_fen', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('orders_order_no_key').on(table.orderNo),
    index('orders_user_id_created_at_idx').on(table.userId, table.createdAt.desc()),
    check('orders_type_check', isOneOf(table.type, orderTypes)),
    check('orders_status_check', isOneOf(table.status, orderStatuses)),
    check('orders_total_fen_non_negative', sql`${table.totalFen} >= 0`),
    // Never more back than was paid, whatever the code does.
    check(
      'orders_refunded_fen_range',
      sql`${table.refundedFen} >= 0 and ${table.refundedFen} <= ${table.totalFen}`,
    ),
  ],
);

/**
 * Order lines. Region names are copied in so an order reads the same after the catalog changes.
 * Foreign keys to plans and instances are left out on purpose: the snapshot outlives both.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** `static_ip` lines (purchases and renewals) name a region; `traffic` lines a GB size. */
    kind: text('kind', { enum: orderItemKinds }).notNull().default('static_ip'),
    planId: uuid('plan_id'),
    instanceId: uuid('instance_id'),
    country: char('country', { length: 2 }),
    countryNameZh: text('country_name_zh'),
    countryNameEn: text('country_name_en'),
    cityNameZh: text('city_name_zh'),
    cityNameEn: text('city_name_en'),
    lineType: text('line_type', { enum: lineTypes }),
    /** GB per package of a traffic line. */
    trafficGb: integer('traffic_gb'),
    durationDays: integer('duration_days').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceFen: bigint('unit_price_fen', { mode: 'bigint' }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    index('order_items_order_id_idx').on(table.orderId),
    index('order_items_instance_id_idx').on(table.instanceId),
    check('order_items_line_type_check', isOneOf(table.lineType, lineTypes)),
    check('order_items_kind_check', isOneOf(table.kind, orderItemKinds)),
    // A static-IP line has its region and line type, a traffic line its GB, never both.
    check(
      'order_items_kind_fields',
      sql`(${table.kind} = 'static_ip' and ${table.country} is not null and ${table.countryNameZh} is not null and ${table.countryNameEn} is not null and ${table.cityNameZh} is not null and ${table.cityNameEn} is not null and ${table.lineType} is not null and ${table.trafficGb} is null) or (${table.kind} = 'traffic' and ${table.trafficGb} > 0 and ${table.country} is null and ${table.lineType} is null)`,
    ),
    check('order_items_duration_days_positive', sql`${table.durationDays} > 0`),
    check('order_items_quantity_positive', sql`${table.quantity} > 0`),
    check('order_items_unit_price_fen_non_negative', sql`${table.unitPriceFen} >= 0`),
    check(
      'order_items_amount_fen_matches',
      sql`${table.amountFen} = ${table.unitPriceFen} * ${table.quantity}`,
    ),
  ],
);

/** A static IP a customer owns, with the credentials the gateway accepts for it. */
export const proxyInstances = pgTable(
  'proxy_instances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ipAddressId: uuid('ip_address_id')
      .notNull()
      .references(() => ipAddresses.id, { onDelete: 'restrict' }),
    /** The order that created it; renewals are found through `order_items.instance_id`. */
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    username: text('username').notNull(),
    password: text('password').notNull(),
    vmessId: uuid('vmess_id').notNull(),
    protocols: text('protocols').array().notNull(),
    remark: text('remark').notNull().default(''),
    status: text('status', { enum: instanceStatuses }).notNull().default('active'),
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** Why the last automatic renewal failed (e.g. insufficient balance); null when fine. */
    renewalWarning: text('renewal_warning'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('proxy_instances_username_key').on(table.username),
    uniqueIndex('proxy_instances_vmess_id_key').on(table.vmessId),
    // One IP can never serve two live instances, whatever the code does.
    uniqueIndex('proxy_instances_active_ip_address_id_key')
      .on(table.ipAddressId)
      .where(sql`${table.status} = 'active'`),
    index('proxy_instances_user_id_expires_at_idx').on(table.userId, table.expiresAt),
    // The expiry and auto-renew jobs scan live instances by expiry.
    index('proxy_instances_active_expires_at_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'active'`),
    check('proxy_instances_status_check', isOneOf(table.status, instanceStatuses)),
    check(
      'proxy_instances_protocols_check',
      sql`${table.protocols} <@ array[${sqlList(proxyProtocols)}]::text[]`,
    ),
  ],
);

/**
 * `Idempotency-Key` headers of purchases: a repeat with the same key and body answers the first
 * order; the same key with another body is refused. The row is written in the purchase
 * transaction, so a failed purchase leaves no key behind.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the canonical request body. */
    requestHash: text('request_hash').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);

/** Traffic plans: a package of GB for dynamic proxies, valid for some days after purchase. */
export const trafficPlans = pgTable(
  'traffic_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gb: integer('gb').notNull(),
    validityDays: integer('validity_days').notNull(),
    /** Integer fen for one package. */
    priceFen: bigint('price_fen', { mode: 'bigint' }).notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('traffic_plans_gb_validity_days_key').on(table.gb, table.validityDays),
    check('traffic_plans_gb_positive', sql`${table.gb} > 0`),
    check('traffic_plans_validity_days_positive', sql`${table.validityDays} > 0`),
    check('traffic_plans_price_fen_positive', sql`${table.priceFen} > 0`),
  ],
);

/**
 * Traffic a customer bought. Dynamic usage draws down `used_bytes` of the active package that
 * expires first; a package whose bytes are all used is `exhausted`, one past its expiry `expired`.
 */
export const trafficPackages = pgTable(
  'traffic_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    planId: uuid('plan_id').references(() => trafficPlans.id, { onDelete: 'set null' }),
    /** GB bought: the plan's GB × quantity. */
    gb: integer('gb').notNull(),
    totalBytes: bigint('total_bytes', { mode: 'bigint' }).notNull(),
    usedBytes: bigint('used_bytes', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: text('status', { enum: trafficPackageStatuses }).notNull().default('active'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Draw-down and the overview read a user's active packages by expiry.
    index('traffic_packages_user_status_expires_at_idx').on(
      table.userId,
      table.status,
      table.expiresAt,
    ),
    // The expiry job scans active packages by expiry.
    index('traffic_packages_active_expires_at_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'active'`),
    check('traffic_packages_status_check', isOneOf(table.status, trafficPackageStatuses)),
    check('traffic_packages_total_bytes_positive', sql`${table.totalBytes} > 0`),
    check(
      'traffic_packages_used_bytes_range',
      sql`${table.usedBytes} >= 0 and ${table.usedBytes} <= ${table.totalBytes}`,
    ),
  ],
);

/** A customer's dynamic-proxy account: its name starts every dynamic username. */
export const dynamicProxyAccounts = pgTable(
  'dynamic_proxy_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    account: text('account').notNull(),
    /** Kept readable: the gateway checks it and the console shows it (like instance passwords). */
    password: text('password').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('dynamic_proxy_accounts_account_key').on(table.account)],
);

/** Usage batches a node has delivered; the primary key makes each batch apply once. */
export const usageBatches = pgTable(
  'usage_batches',
  {
    nodeId: uuid('node_id')
      .notNull()
      .references(() => gatewayNodes.id, { onDelete: 'cascade' }),
    batchId: text('batch_id').notNull(),
    recordCount: integer('record_count').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The interval the batch claims to cover (its `from`/`to`; the minute before it arrived when
     * it names none) and its bytes, up plus down: batches of one node whose intervals overlap are
     * held together to the node's line rate. Null on batches recorded before this was kept.
     */
    intervalFrom: timestamp('interval_from', { withTimezone: true }),
    intervalTo: timestamp('interval_to', { withTimezone: true }),
    bytes: bigint('bytes', { mode: 'bigint' }),
  },
  (table) => [
    primaryKey({ columns: [table.nodeId, table.batchId] }),
    index('usage_batches_node_id_interval_to_idx').on(table.nodeId, table.intervalTo),
  ],
);

/**
 * Metered bytes per hour per subject (an instance for `static`, a user for `dynamic`).
 * `overage_bytes` is dynamic usage no active package could cover.
 */
export const usageHourly = pgTable(
  'usage_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    kind: text('kind', { enum: usageKinds }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bytesUp: bigint('bytes_up', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    bytesDown: bigint('bytes_down', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    overageBytes: bigint('overage_bytes', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (table) => [
    primaryKey({ columns: [table.hour, table.kind, table.subjectId] }),
    index('usage_hourly_user_id_hour_idx').on(table.userId, table.hour),
    check('usage_hourly_kind_check', isOneOf(table.kind, usageKinds)),
    check(
      'usage_hourly_bytes_non_negative',
      sql`${table.bytesUp} >= 0 and ${table.bytesDown} >= 0 and ${table.overageBytes} >= 0`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// The operator console: the audit log, balance adjustments, refunds and payment notifications.
// ---------------------------------------------------------------------------------------------

/** Before → after of each field an operator write changed. */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * Every operator write, recorded in the same transaction as the change. Append-only: the
 * migration adds a trigger that refuses UPDATE and DELETE. No foreign key to `users`, so an entry
 * outlives the accounts it names; the actor's email and role are copied in as they were.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null for the command line on the server (`npm run admin`). */
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    /** A staff role, or `cli`. */
    actorRole: text('actor_role').notNull(),
    /** What was done, e.g. `customer.disable`, `order.refund`. */
    action: text('action').notNull(),
    /** What it was done to, e.g. `user`, `order`, `payment`. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
    reason: text('reason').notNull().default(''),
    sourceIp: text('source_ip'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_created_at_idx').on(table.createdAt.desc()),
    index('audit_log_actor_id_created_at_idx').on(table.actorId, table.createdAt.desc()),
    index('audit_log_target_idx').on(table.targetType, table.targetId),
    index('audit_log_action_idx').on(table.action),
  ],
);

export const balanceAdjustmentStatuses = ['pending', 'applied', 'rejected'] as const;

/**
 * An operator's correction of a balance. Small ones apply at once; one above the configured
 * threshold waits `pending` for a second operator, who applies or rejects it.
 */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Signed integer fen; never zero. */
    amountFen: bigint('amount_fen', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: balanceAdjustmentStatuses }).notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ledgerEntryId: uuid('ledger_entry_id').references(() => ledgerEntries.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (table) => [
    index('balance_adjustments_user_id_created_at_idx').on(table.userId, table.createdAt.desc()),
    index('balance_adjustments_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending'`),
    check('balance_adjustments_status_check', isOneOf(table.status, balanceAdjustmentStatuses)),
    check('balance_adjustments_amount_fen_non_zero', sql`${table.amountFen} <> 0`),
    check('balance_adjustments_reason_present', sql`length(btrim(${table.reason})) > 0`),
    // The second operator is another person than the one who asked.
    check(
      'balance_adjustments_second_operator',
      sql`${table.decidedBy} is null or ${table.requestedBy} is null or ${table.decidedBy} <> ${table.requestedBy}`,
    ),
  ],
);

/** Money an operator gave back from an order to the customer's wallet (ledger type `refund`). */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountFen: bigint('amount_fen', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    /** The refund gave back the whole rest of the order (a static-IP order's IPs went back too). */
    full: boolean('full').notNull(),
    staffId: uuid('staff_id').references(() => users.id, { onDelete: 'set null' }),
    /** The operator's `Idempotency-Key`: a repeat answers this refund. */
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the canonical request, so the same key with another request is refused. */
    requestHash: text('request_hash'),
    ledgerEntryId: uuid('ledger_entry_id').references(() => ledgerEntries.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (table) => [
    index('order_refunds_order_id_idx').on(table.orderId),
    uniqueIndex('order_refunds_order_id_idempotency_key_key')
      .on(table.orderId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    check('order_refunds_amount_fen_positive', sql`${table.amountFen} > 0`),
    check('order_refunds_reason_present', sql`length(btrim(${table.reason})) > 0`),
  ],
);

/**
 * Each payment-provider notification received, verified or not, and what we answered: the
 * payment's notify history for operators. A notification naming no payment of ours has none.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: paymentChannels }).notNull(),
    /** Our order number as the provider sent it (Alipay's `out_trade_no`). */
    outTradeNo: text('out_trade_no'),
    providerTradeNo: text('provider_trade_no'),
    /** The provider's trade status as sent (e.g. `TRADE_SUCCESS`). */
    tradeStatus: text('trade_status'),
    amountFen: bigint('amount_fen', { mode: 'bigint' }),
    /** The signature checked out. */
    verified: boolean('verified').notNull(),
    /** What we made of it, e.g. `credited`, `already-paid`, `amount-mismatch`, `bad-signature`. */
    outcome: text('outcome').notNull(),
    /** The body we answered with (`success` / `failure`). */
    reply: text('reply').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_notifications_payment_id_idx').on(table.paymentId, table.receivedAt),
    check('payment_notifications_channel_check', isOneOf(table.channel, paymentChannels)),
  ],
);

// ---------------------------------------------------------------------------------------------
// The operator console, part 2: the history of each address, node heartbeats, announcements.
// ---------------------------------------------------------------------------------------------

/**
 * One row per change of an address's status, and one when it is imported (`from_status` null).
 * Written by triggers on `ip_addresses` (see the migration), so allocation, expiry, cooling and
 * operator actions all leave their row without each code path remembering to.
 */
export const ipAddressEvents = pgTable(
  'ip_address_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ipAddressId: uuid('ip_address_id')
      .notNull()
      .references(() => ipAddresses.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: ipAddressStatuses }),
    toStatus: text('to_status', { enum: ipAddressStatuses }).notNull(),
    /** The operator's reason of a quarantine or retirement; empty for the system's own moves. */
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [index('ip_address_events_ip_created_idx').on(table.ipAddressId, table.createdAt)],
);

/**
 * A node's heartbeats, one row per node and minute (the last heartbeat of that minute wins):
 * the node page charts the last 24 hours from these. Older rows are pruned.
 */
export const nodeHeartbeats = pgTable(
  'node_heartbeats',
  {
    nodeId: uuid('node_id')
      .notNull()
      .references(() => gatewayNodes.id, { onDelete: 'cascade' }),
    /** The start of the minute the heartbeat arrived in. */
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    gatewayVersion: text('gateway_version').notNull(),
    uptimeSeconds: integer('uptime_seconds').notNull(),
    /** The credential snapshot version the node had applied when it polled. */
    snapshotVersion: text('snapshot_version'),
    openConnections: integer('open_connections').notNull(),
    bytesInPerSecond: bigint('bytes_in_per_second', { mode: 'number' }).notNull(),
    bytesOutPerSecond: bigint('bytes_out_per_second', { mode: 'number' }).notNull(),
    /** Usage batches written to the node's disk and not yet accepted by the API. */
    pendingUsageBatches: integer('pending_usage_batches').notNull(),
    /** `running`, `stopped`, `failed` or `absent` (no V2Ray on the node). */
    v2rayState: text('v2ray_state').notNull(),
    cpuPercent: real('cpu_percent').notNull(),
    memoryBytes: bigint('memory_bytes', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.nodeId, table.minute] })],
);

/** A notice to customers, in both languages, shown between its start and (optional) end. */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull(),
    bodyZh: text('body_zh').notNull().default(''),
    bodyEn: text('body_en').notNull().default(''),
    severity: text('severity', { enum: announcementSeverities }).notNull().default('info'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Null: shown until an operator ends it. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('announcements_starts_at_idx').on(table.startsAt),
    check('announcements_severity_check', isOneOf(table.severity, announcementSeverities)),
    check(
      'announcements_window',
      sql`${table.endsAt} is null or ${table.endsAt} > ${table.startsAt}`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Customer access: IP allowlist, sub-users, replacements and connectivity checks.
// ---------------------------------------------------------------------------------------------

/**
 * A source address or block from which a customer's clients reach the customer's static IPs
 * without credentials (and its dynamic proxies with the account's default targeting). No block
 * may overlap another customer's: the migration adds an exclusion constraint
 * (`ip_allowlist_entries_cidr_excl`), so the gateway never has to guess whose client it is.
 */
export const ipAllowlistEntries = pgTable(
  'ip_allowlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Canonical CIDR text (`203.0.113.7/32`, `2001:db8::/48`): PostgreSQL's `cidr` output. */
    cidr: text('cidr').notNull(),
    note: text('note').notNull().default(''),
    /** When a gateway last served a connection from it (reported with usage); null before. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('ip_allowlist_entries_user_id_idx').on(table.userId),
    check('ip_allowlist_entries_cidr_canonical', sql`${table.cidr} = (${table.cidr}::cidr)::text`),
  ],
);

/**
 * A login of a customer's dynamic proxies with its own password and an optional cap. Its bytes
 * draw from the owner's traffic packages like the owner's own; `used_bytes` counts them (they
 * may pass the cap by what moved before the gateway's next poll). Usernames share one namespace
 * with `dynamic_proxy_accounts.account` (a trigger in the migration holds that).
 */
export const subUsers = pgTable(
  'sub_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The first part of its dynamic usernames, like an account name (`[a-z0-9]{4,32}`). */
    username: text('username').notNull(),
    /** Kept readable, like the account's: the gateway checks its digest and the console shows it. */
    password: text('password').notNull(),
    /** Null: no cap beyond the account's packages. */
    capBytes: bigint('cap_bytes', { mode: 'bigint' }),
    usedBytes: bigint('used_bytes', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('sub_users_username_key').on(table.username),
    uniqueIndex('sub_users_user_id_name_key').on(table.userId, table.name),
    check('sub_users_username_format', sql`${table.username} ~ '^[a-z0-9]{4,32}$'`),
    check('sub_users_cap_bytes_positive', sql`${table.capBytes} is null or ${table.capBytes} > 0`),
    check('sub_users_used_bytes_non_negative', sql`${table.usedBytes} >= 0`),
  ],
);

/**
 * Usage drawn from each traffic package per hour, written by the draw-down: the traffic history
 * filters by package from here.
 */
export const trafficPackageUsageHourly = pgTable(
  'traffic_package_usage_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => trafficPackages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bytes: bigint('bytes', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.packageId, table.hour] }),
    index('traffic_package_usage_hourly_user_id_hour_idx').on(table.userId, table.hour),
    check('traffic_package_usage_hourly_bytes_non_negative', sql`${table.bytes} >= 0`),
  ],
);

/**
 * A static IP moved to another address of its plan (same expiry and credentials); the old
 * address cools down. `free` ones (within 24 hours of purchase) do not count against the plan's
 * monthly quota. The `replacement` order records it in the order history.
 */
export const instanceReplacements = pgTable(
  'instance_replacements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => proxyInstances.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    fromIpAddressId: uuid('from_ip_address_id')
      .notNull()
      .references(() => ipAddresses.id, { onDelete: 'restrict' }),
    toIpAddressId: uuid('to_ip_address_id')
      .notNull()
      .references(() => ipAddresses.id, { onDelete: 'restrict' }),
    free: boolean('free').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('instance_replacements_instance_id_created_at_idx').on(table.instanceId, table.createdAt),
    check(
      'instance_replacements_other_address',
      sql`${table.fromIpAddressId} <> ${table.toIpAddressId}`,
    ),
  ],
);

/**
 * A connectivity check of a static IP: the customer asks, the IP's gateway picks it up with its
 * next poll, tries the instance (listening, egress from its IP to the check target) and reports.
 */
export const instanceChecks = pgTable(
  'instance_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => proxyInstances.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nodeId: uuid('node_id')
      .notNull()
      .references(() => gatewayNodes.id, { onDelete: 'cascade' }),
    status: text('status', { enum: instanceCheckStatuses }).notNull().default('pending'),
    /** What failed, as the gateway names it (e.g. `listening`, `egress`); null unless failed. */
    failure: text('failure'),
    /** Round trip through the proxy to the check target, milliseconds; null unless ok. */
    latencyMs: integer('latency_ms'),
    /** The address the check target saw the request come from. */
    egressIp: text('egress_ip'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('instance_checks_instance_id_requested_at_idx').on(table.instanceId, table.requestedAt),
    index('instance_checks_pending_node_id_idx')
      .on(table.nodeId)
      .where(sql`${table.status} = 'pending'`),
    check('instance_checks_status_check', isOneOf(table.status, instanceCheckStatuses)),
    check(
      'instance_checks_completed',
      sql`(${table.status} = 'pending') = (${table.completedAt} is null)`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Messages: the outbox every email is written to, in the transaction of the event it is about.
// ---------------------------------------------------------------------------------------------

/**
 * One message to one person, rendered in their language when its event happened and written in
 * that event's transaction, so the two commit or vanish together. The delivery job claims due
 * rows on any server (a lease: `next_attempt_at` moves ahead as it claims) and sends each once.
 * `dedupe_key`: the reason a reminder goes out (recipient, event, subject, threshold, period);
 * a second message for the same reason is never written.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    event: text('event').notNull(),
    locale: text('locale', { enum: locales }).notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    dedupeKey: text('dedupe_key'),
    state: text('state', { enum: messageStates }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The SMTP server's last answer (or the connection's error), as it said it. */
    lastReply: text('last_reply'),
    /** The Message-ID the mail went out with. */
    providerMessageId: text('provider_message_id'),
    /** The event's own values (amounts, addresses, dates): the inbox's and webhooks' payload. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** Where the message's link goes, if it has one (the inbox opens it). */
    actionUrl: text('action_url'),
    /** When the recipient opened it in the console's inbox; null: unread. */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When its day of retries began: its writing, or an operator's resend. Null: `createdAt`. */
    retryFrom: timestamp('retry_from', { withTimezone: true }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('messages_dedupe_key_key').on(table.dedupeKey),
    index('messages_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.state} = 'queued'`),
    index('messages_user_id_created_at_idx').on(table.userId, table.createdAt),
    index('messages_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
    index('messages_created_at_idx').on(table.createdAt),
    check('messages_state_check', isOneOf(table.state, messageStates)),
    check('messages_locale_check', isOneOf(table.locale, locales)),
  ],
);

/**
 * What a person switched off: one row per (category, channel) they chose; no row means on. The
 * mandatory categories (security, money) are refused by the API, so they never have a row off.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: notificationCategories }).notNull(),
    channel: text('channel', { enum: notificationChannels }).notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.category, table.channel] }),
    check(
      'notification_preferences_category_check',
      isOneOf(table.category, notificationCategories),
    ),
    check('notification_preferences_channel_check', isOneOf(table.channel, notificationChannels)),
  ],
);

/** A customer's webhook endpoint: where the events it asked for are POSTed, signed. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    /** The signing secret encrypted with the server's secret key (it signs every delivery). */
    secretCiphertext: text('secret_ciphertext').notNull(),
    /** Null while the endpoint receives; why it does not otherwise. */
    disabledReason: text('disabled_reason', { enum: webhookDisabledReasons }),
    /** The first failure since its last success: three days of them disable it. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('webhook_endpoints_user_id_idx').on(table.userId),
    check(
      'webhook_endpoints_events_check',
      sql`${table.events} <@ array[${sqlList(webhookEvents)}]::text[] and cardinality(${table.events}) > 0`,
    ),
    check(
      'webhook_endpoints_disabled_reason_check',
      sql`${table.disabledReason} is null or ${isOneOf(table.disabledReason, webhookDisabledReasons)}`,
    ),
  ],
);

/**
 * One event on its way to one endpoint. Written in the transaction of the event (beside its
 * message, whose id is the event's id); the delivery job claims due rows and retries for a day.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The event's id, the same in every delivery of it (receivers de-duplicate by it). */
    eventId: uuid('event_id').notNull(),
    event: text('event', { enum: webhookEvents }).notNull(),
    /** The JSON body exactly as it is signed and sent. */
    body: text('body').notNull(),
    state: text('state', { enum: webhookDeliveryStates }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Retries stop a day after this (the first send, or a resend). */
    retryUntil: timestamp('retry_until', { withTimezone: true }).notNull(),
    /** The endpoint's last HTTP status; null when it never answered. */
    lastStatus: integer('last_status'),
    /** Why the last attempt failed without an answer (refused, timeout, a private address). */
    lastError: text('last_error'),
    lastDurationMs: integer('last_duration_ms'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.state} = 'pending'`),
    index('webhook_deliveries_endpoint_id_created_at_idx').on(table.endpointId, table.createdAt),
    index('webhook_deliveries_created_at_idx').on(table.createdAt),
    check('webhook_deliveries_state_check', isOneOf(table.state, webhookDeliveryStates)),
    check('webhook_deliveries_event_check', isOneOf(table.event, webhookEvents)),
  ],
);

/** An account's recovery codes: SHA-256 only, each used once; a new set replaces the old. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('recovery_codes_user_id_code_hash_key').on(table.userId, table.codeHash)],
);

/**
 * A sign-in whose password was right, waiting for its second factor: the challenge token's
 * SHA-256, valid a few minutes and once.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Wrong codes given against it: a few end it. */
    failures: integer('failures').notNull().default(0),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('sign_in_challenges_token_hash_key').on(table.tokenHash),
    index('sign_in_challenges_expires_at_idx').on(table.expiresAt),
  ],
);

/** Every sign-in attempt on an account, for its owner's history (kept 90 days). */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    outcome: text('outcome', { enum: signInOutcomes }).notNull(),
    secondFactor: text('second_factor', { enum: secondFactorKinds }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [
    index('sign_in_events_user_id_created_at_idx').on(table.userId, table.createdAt),
    index('sign_in_events_created_at_idx').on(table.createdAt),
    check('sign_in_events_outcome_check', isOneOf(table.outcome, signInOutcomes)),
    check(
      'sign_in_events_second_factor_check',
      sql`${table.secondFactor} is null or ${isOneOf(table.secondFactor, secondFactorKinds)}`,
    ),
  ],
);

/**
 * A named API key beside the personal token: its SHA-256 only (shown once), its scopes, an
 * optional expiry and source addresses, and where it was last used.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    /** The key's first characters, so its owner can tell keys apart. */
    keyPrefix: text('key_prefix').notNull(),
    scopes: text('scopes').array().notNull(),
    /** CIDR blocks the key may be used from; empty: anywhere. */
    allowedSources: text('allowed_sources')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('api_keys_key_hash_key').on(table.keyHash),
    index('api_keys_user_id_idx').on(table.userId),
    check(
      'api_keys_scopes_check',
      sql`${table.scopes} <@ array[${sqlList(apiKeyScopes)}]::text[] and cardinality(${table.scopes}) > 0`,
    ),
  ],
);

/**
 * A passkey (WebAuthn credential) of an account: the credential id and COSE public key as
 * base64url, the signature counter its authenticator last reported, and the name its owner gave.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    /** How the browser may reach the authenticator (`internal`, `hybrid`, `usb`…). */
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Synced between devices (`multiDevice`) or bound to one (`singleDevice`). */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('passkeys_credential_id_key').on(table.credentialId),
    index('passkeys_user_id_idx').on(table.userId),
  ],
);

/**
 * What a WebAuthn ceremony is for: adding a passkey, signing in (as the second factor of a
 * sign-in challenge, or without a password) or a step-up.
 */
export const webauthnCeremonyPurposes = ['registration', 'sign_in', 'step_up'] as const;
export type WebauthnCeremonyPurpose = (typeof webauthnCeremonyPurposes)[number];

/**
 * A WebAuthn challenge the server issued and awaits an answer to: its SHA-256, what it is for,
 * whose it is (null for a passwordless sign-in, where the passkey names the account), valid a
 * few minutes and once.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challengeHash: text('challenge_hash').notNull(),
    purpose: text('purpose', { enum: webauthnCeremonyPurposes }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The password-checked sign-in this passkey would finish, when it is a second factor. */
    signInChallengeId: uuid('sign_in_challenge_id').references(() => signInChallenges.id, {
      onDelete: 'cascade',
    }),
    /** The session a step-up would refresh. */
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('webauthn_challenges_challenge_hash_key').on(table.challengeHash),
    index('webauthn_challenges_expires_at_idx').on(table.expiresAt),
    check('webauthn_challenges_purpose_check', isOneOf(table.purpose, webauthnCeremonyPurposes)),
  ],
);

/**
 * Proof-of-work solutions already accepted (their SHA-256), kept until their challenge would
 * have expired anyway: each solution buys one attempt.
 */
export const usedProofsOfWork = pgTable(
  'used_proofs_of_work',
  {
    solutionHash: text('solution_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('used_proofs_of_work_expires_at_idx').on(table.expiresAt)],
);

/**
 * The operator's settings, one row per group (`operatorSettingKeys`): the group's fields as JSON,
 * read through the contract's schema of that group (so a field added later takes its default),
 * and who changed them last.
 */
export const operatorSettings = pgTable(
  'operator_settings',
  {
    key: text('key', { enum: operatorSettingKeys }).primaryKey(),
    value: jsonb('value').notNull(),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [check('operator_settings_key_check', isOneOf(table.key, operatorSettingKeys))],
);
