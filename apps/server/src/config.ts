import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import path from 'node:path';
import { staffRoles, TOPUP_MAX_YUAN, TOPUP_MIN_YUAN, type StaffRole } from '@stratus/contract';
import { z } from 'zod';
import { DEFAULT_BUSINESS_TIME_ZONE, isKnownTimeZone } from './business-time.ts';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function positiveNumber(fallback: number) {
  return z.coerce
    .number({ error: 'must be a number' })
    .positive({ error: 'must be greater than 0' })
    .default(fallback);
}

function positiveInteger(fallback: number) {
  return z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .positive({ error: 'must be greater than 0' })
    .default(fallback);
}

/** Every environment variable the server reads; see apps/server/README.md. */
const environmentSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be between 0 and 65535' })
    .max(65535, { error: 'must be between 0 and 65535' })
    .default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be between 1 and 100' })
    .max(100, { error: 'must be between 1 and 100' })
    .default(20),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'must be json or pretty' }).optional(),
  SHUTDOWN_GRACE_SECONDS: positiveNumber(10),
  JOBS_INTERVAL_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(1, { error: 'must be between 1 and 86400 seconds (a day)' })
    .max(86_400, { error: 'must be between 1 and 86400 seconds (a day)' })
    .default(60),
  NODE_ENV: z.string().default('development'),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  PUBLIC_URL: z
    .url({ error: 'must be an absolute URL such as https://proxy.example.com' })
    .optional(),
  SECRET_KEY: z.string().min(32, { error: 'must be at least 32 characters long' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, {
      error:
        'must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465',
    })
    .optional(),
  MAIL_FROM: z
    .string()
    .min(3, { error: 'must be an address such as Acme <noreply@acme.com>' })
    .optional(),
  BRAND_NAME: z.string().min(1, { error: 'must not be empty' }).default('Stratus'),
  EMAIL_VERIFICATION: z
    .enum(['required', 'optional'], { error: 'must be required or optional' })
    .optional(),
  SESSION_IDLE_HOURS: positiveNumber(12),
  SESSION_MAX_DAYS: positiveNumber(7),
  // At most a second: the bound other servers may lag a revocation by if a notification is lost.
  SESSION_CACHE_MS: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be between 0 and 1000' })
    .max(1000, { error: 'must be between 0 and 1000' })
    .default(1000),
  CATALOG_CACHE_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be between 0 and 3600' })
    .max(3600, { error: 'must be between 0 and 3600' })
    .default(60),
  LOGIN_ACCOUNT_MAX_FAILURES: positiveInteger(100),
  LOGIN_ACCOUNT_WINDOW_MINUTES: positiveNumber(60),
  LOGIN_ACCOUNT_ADDRESS_MAX_FAILURES: positiveInteger(10),
  LOGIN_ACCOUNT_ADDRESS_WINDOW_MINUTES: positiveNumber(60),
  LOGIN_ADDRESS_MAX_FAILURES: positiveInteger(30),
  LOGIN_ADDRESS_WINDOW_MINUTES: positiveNumber(15),
  REGISTER_ADDRESS_MAX: positiveInteger(20),
  REGISTER_ADDRESS_WINDOW_MINUTES: positiveNumber(60),
  PASSWORD_RESET_EMAIL_MAX: positiveInteger(3),
  PASSWORD_RESET_EMAIL_WINDOW_MINUTES: positiveNumber(60),
  PASSWORD_RESET_ADDRESS_MAX: positiveInteger(10),
  PASSWORD_RESET_ADDRESS_WINDOW_MINUTES: positiveNumber(60),
  PROOF_OF_WORK_AFTER: positiveInteger(3),
  PROOF_OF_WORK_COST: positiveInteger(1000),
  PROOF_OF_WORK_MAX_COUNTER: positiveInteger(8000),
  TOPUP_MIN_YUAN: yuanAmount(TOPUP_MIN_YUAN),
  TOPUP_MAX_YUAN: yuanAmount(TOPUP_MAX_YUAN),
  PAYMENT_EXPIRY_MINUTES: positiveInteger(30),
  PAYMENT_SANDBOX: z.enum(['0', '1', 'true', 'false'], { error: 'must be 0 or 1' }).optional(),
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_SELLER_ID: z
    .string()
    .regex(/^2088\d{12}$/, { error: 'must be the 16-digit Alipay user id starting with 2088' })
    .optional(),
  ALIPAY_GATEWAY: z
    .url({ error: 'must be an absolute URL' })
    .default('https://openapi.alipay.com/gateway.do'),
  WECHATPAY_MCHID: z
    .string()
    .regex(/^\d{8,12}$/, { error: 'must be the WeChat Pay merchant id (digits)' })
    .optional(),
  WECHATPAY_APPID: z.string().optional(),
  WECHATPAY_PRIVATE_KEY: z.string().optional(),
  WECHATPAY_SERIAL_NO: z
    .string()
    .regex(/^[0-9A-Fa-f]{8,64}$/, { error: "must be the merchant certificate's serial (hex)" })
    .optional(),
  WECHATPAY_APIV3_KEY: z.string().optional(),
  WECHATPAY_PUBLIC_KEY: z.string().optional(),
  WECHATPAY_PUBLIC_KEY_ID: z
    .string()
    .regex(/^PUB_KEY_ID_\w+$/, { error: 'must be the public key id, PUB_KEY_ID_…' })
    .optional(),
  WECHATPAY_PLATFORM_CERTIFICATE: z.string().optional(),
  WECHATPAY_GATEWAY: z
    .url({ error: 'must be an absolute URL' })
    .default('https://api.mch.weixin.qq.com'),
  INSTANCE_RENEW_AHEAD_HOURS: positiveNumber(24),
  IP_COOLDOWN_HOURS: z.coerce
    .number({ error: 'must be a number' })
    .min(0, { error: 'must be 0 or more' })
    .default(24),
  DEMO_SEED: z.enum(['0', '1', 'true', 'false'], { error: 'must be 0 or 1' }).optional(),
  DYNAMIC_PROXY_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.:[\]-]+$/, { error: 'must be a host name or IP address' })
    .default('127.0.0.1'),
  DYNAMIC_PROXY_PORT: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be between 1 and 65535' })
    .max(65535, { error: 'must be between 1 and 65535' })
    .optional(),
  EMBEDDED_GATEWAY: z.enum(['0', '1', 'true', 'false'], { error: 'must be 0 or 1' }).optional(),
  // Not 0: the port is written into the demo inventory, so it must be known before the gateway binds.
  EMBEDDED_GATEWAY_PORT: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be between 1 and 65535' })
    .max(65535, { error: 'must be between 1 and 65535' })
    .default(1080),
  EMBEDDED_GATEWAY_NODE_KEY: z
    .string()
    .regex(/^gnk_[A-Za-z0-9_-]{20,}$/, { error: 'must be a node key (gnk_…)' })
    .optional(),
  NODE_MAX_LINE_RATE_GBITS: positiveNumber(100),
  ADJUSTMENT_APPROVAL_THRESHOLD_YUAN: yuanAmount(1000, { allowZero: true }),
  STAFF_2FA_ROLES: z
    .string()
    // `none`: no role must (an empty variable means "not set", so it cannot say so).
    .transform((value) =>
      value.trim() === 'none'
        ? []
        : value
            .split(',')
            .map((role) => role.trim())
            .filter(Boolean),
    )
    .pipe(z.array(z.enum(staffRoles, { error: `must list staff roles: ${staffRoles.join(', ')}` })))
    .optional(),
  // A date (midnight UTC) or an ISO time with its offset.
  STAFF_2FA_REQUIRED_FROM: z
    .string()
    .refine(
      (value) =>
        /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value) &&
        !Number.isNaN(Date.parse(value)),
      { error: 'must be a date such as 2026-12-01 or an ISO time such as 2026-12-01T08:00+08:00' },
    )
    .optional(),
  BUSINESS_TIMEZONE: z
    .string()
    .refine(isKnownTimeZone, {
      error: 'must be an IANA time zone name such as Asia/Shanghai or America/Los_Angeles',
    })
    .default(DEFAULT_BUSINESS_TIME_ZONE),
});

function yuanAmount(fallback: number, { allowZero = false } = {}) {
  const number = z.coerce.number({ error: 'must be a number' });
  return (
    allowZero
      ? number.min(0, { error: 'must be 0 or more' })
      : number.positive({ error: 'must be greater than 0' })
  )
    .refine((yuan) => Math.abs(yuan * 100 - Math.round(yuan * 100)) < 1e-6, {
      error: 'must have at most two decimals',
    })
    .default(fallback);
}

/**
 * A PEM key from the environment: literal `\n` sequences (one-line variables) become newlines,
 * and a bare base64 body (as Alipay's console hands keys out) gets its PEM armour.
 */
export function normalisePem(value: string, kind: 'PRIVATE KEY' | 'PUBLIC KEY'): string {
  const text = value.replace(/\\n/g, '\n').trim();
  if (text.startsWith('-----BEGIN')) return `${text}\n`;
  const body = text.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN ${kind}-----\n${body.trim()}\n-----END ${kind}-----\n`;
}

export interface AttemptLimit {
  /** How many attempts the window allows; the next one is refused. */
  max: number;
  windowMinutes: number;
}

/** Alipay page pay; present only when every ALIPAY_* key and PUBLIC_URL are set. */
export interface AlipayConfig {
  appId: string;
  /** The merchant's RSA private key (PEM) that signs our requests. */
  privateKey: string;
  /** Alipay's RSA public key (PEM) that verifies notifications and answers. */
  alipayPublicKey: string;
  gateway: string;
  /** Public origin for `notify_url` and `return_url`. */
  publicUrl: string;
  /**
   * The seller (收款方, `2088…`) our trades are paid to; a notification naming another seller is
   * refused. Null: learned at run time from Alipay's verified answers about our own trades.
   */
  sellerId: string | null;
}

/**
 * How WeChat Pay's signatures (answers, notifications) are verified: its public key (public-key
 * mode, `Wechatpay-Serial` = the key's `PUB_KEY_ID_…`) or its platform certificate (certificate
 * mode, `Wechatpay-Serial` = the certificate's serial number).
 */
export interface WechatPayVerifier {
  /** The serial `Wechatpay-Serial` must name. */
  serial: string;
  /** PEM public key. */
  publicKey: string;
}

/** WeChat Pay API v3 Native; present only when every WECHATPAY_* key and PUBLIC_URL are set. */
export interface WechatPayConfig {
  mchId: string;
  appId: string;
  /** The merchant's API certificate private key (PEM) that signs our requests. */
  privateKey: string;
  /** The serial number of the merchant API certificate (the `serial_no` of our signatures). */
  serialNo: string;
  /** The 32-byte APIv3 key that decrypts notification resources (AEAD_AES_256_GCM). */
  apiV3Key: string;
  verifier: WechatPayVerifier;
  gateway: string;
  /** Public origin for `notify_url`. */
  publicUrl: string;
}

export interface PaymentsConfig {
  topUpMinFen: bigint;
  topUpMaxFen: bigint;
  /** A pending payment closes this long after it was created. */
  expiryMinutes: number;
  sandboxEnabled: boolean;
  alipay: AlipayConfig | null;
  wechat: WechatPayConfig | null;
}

/** Where mail goes: the SMTP server and the sender; absent → mail waits in the outbox. */
export interface MailConfig {
  smtpUrl: string;
  /** The sender, `Name <address>` or an address. */
  from: string;
  /** The domain of the sender's address: every Message-ID ends with it. */
  fromDomain: string;
}

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL server; absent → the embedded PGlite engine under `dataDir`. */
  databaseUrl: string | undefined;
  /**
   * At most this many PostgreSQL connections (`DATABASE_POOL_SIZE`). A burst of purchases waits
   * mostly for the WAL's flush at commit, not for CPU: more connections in flight share a flush
   * (docs/performance.md, "Purchases: pool size").
   */
  databasePoolSize: number;
  /** Absolute path of the data directory (embedded database, generated secret key). */
  dataDir: string;
  logLevel: (typeof logLevels)[number];
  logFormat: 'json' | 'pretty';
  /**
   * How long a SIGTERM or SIGINT waits for in-flight work before the process logs what is still
   * pending and exits 1 (`SHUTDOWN_GRACE_SECONDS`).
   */
  shutdownGraceSeconds: number;
  /**
   * How often the background jobs run: renewals, expiries, cool-down releases, payment expiry
   * (`JOBS_INTERVAL_SECONDS`).
   */
  jobsIntervalSeconds: number;
  nodeEnv: string;
  isProduction: boolean;
  /** Absolute path of the built web app. */
  webDistDir: string;
  /** Fastify's `trustProxy`: whether and whom to believe about `X-Forwarded-*`. */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  publicUrl: string | undefined;
  /** Key material for encrypting API tokens; generated under `dataDir` when absent (not in production). */
  secretKey: string | undefined;
  /** `cacheMs`: how long a token's authentication is reused (`SESSION_CACHE_MS`, 0 = never). */
  sessions: { idleHours: number; maxDays: number; cacheMs: number };
  /**
   * The most the customers' catalog is served from memory (`CATALOG_CACHE_SECONDS`, 0 = never):
   * writes drop it at once through the change bus; this bounds a notification lost anyway.
   */
  catalogCacheSeconds: number;
  throttle: {
    /** Failed sign-ins on one account from anywhere: a high ceiling against distributed guessing. */
    loginPerAccount: AttemptLimit;
    /** Failed sign-ins on one account from one client address: the owner elsewhere is unaffected. */
    loginPerAccountAddress: AttemptLimit;
    /** Failed sign-ins from one client address, whichever accounts it tries. */
    loginPerAddress: AttemptLimit;
    registerPerAddress: AttemptLimit;
    /** Password-reset links mailed to one email; asks beyond it are answered alike, unmailed. */
    passwordResetPerEmail: AttemptLimit;
    /** Password-reset asks from one client address, whichever emails they name. */
    passwordResetPerAddress: AttemptLimit;
  };
  /**
   * The proof of work asked before a sign-in, sign-up or reset ask once `after` failed sign-ins
   * (sign-ups, reset asks) are counted in their windows (`PROOF_OF_WORK_AFTER`). A solver tries
   * PBKDF2-SHA-256 of `cost` iterations (`PROOF_OF_WORK_COST`) per counter, up to a counter drawn
   * between half of `maxCounter` and `maxCounter` (`PROOF_OF_WORK_MAX_COUNTER`).
   */
  proofOfWork: { after: number; cost: number; maxCounter: number };
  payments: PaymentsConfig;
  /** SMTP_URL and MAIL_FROM; undefined: mail is kept in the outbox, not sent. */
  mail: MailConfig | undefined;
  /** The operator's brand, named in every email (`BRAND_NAME`). */
  brandName: string;
  /**
   * Whether a customer must confirm the email address before topping up or buying
   * (`EMAIL_VERIFICATION`): `required` by default when mail can be sent (`SMTP_URL`), else
   * `optional`, since nobody could receive the link.
   */
  emailVerification: 'required' | 'optional';
  staticIps: {
    /** Auto-renew instances are renewed when they expire within this many hours. */
    renewAheadHours: number;
    /** An expired instance's IP waits this long (its owner may still renew) before it is sold again. */
    cooldownHours: number;
  };
  /** Load the demo catalog into an empty database at start (`DEMO_SEED`; off in production). */
  demoSeed: boolean;
  /** Entry point of the dynamic (rotating) proxy pool that customers' proxy strings name. */
  dynamicProxy: { host: string; port: number };
  /**
   * The local demo's gateway for the demo node, a process of its own that `npm start` runs beside
   * this one (`EMBEDDED_GATEWAY`; on with the demo catalog, never in production unless asked
   * for). `port` (`EMBEDDED_GATEWAY_PORT`) is the demo IPs' port in the inventory too; `nodeKey`
   * (`EMBEDDED_GATEWAY_NODE_KEY`) is the key npm start handed that gateway, which this server
   * installs for the demo node at start.
   */
  embeddedGateway: { enabled: boolean; port: number; nodeKey: string | undefined };
  /**
   * The most a gateway node can move, in Gbit/s (`NODE_MAX_LINE_RATE_GBITS`): a usage batch
   * claiming more than this rate moves in its interval is refused.
   */
  nodeMaxLineRateGbits: number;
  /**
   * A balance adjustment of at most this many fen (either sign) applies at once; a larger one
   * waits for a second operator's approval (`ADJUSTMENT_APPROVAL_THRESHOLD_YUAN`; 0: every one).
   */
  adjustmentApprovalThresholdFen: bigint;
  /**
   * The IANA zone of every date shown, filtered, charted, exported and put in order and payment
   * numbers (`BUSINESS_TIMEZONE`, default Asia/Shanghai).
   */
  businessTimeZone: string;
  /**
   * Staff of `roles` (`STAFF_2FA_ROLES`, default all four; `none` for none) must switch on
   * two-step verification within STAFF_TWO_STEP_GRACE_DAYS of joining or of `requiredFrom`
   * (`STAFF_2FA_REQUIRED_FROM`; null: from the start), the later; after that the operator console
   * refuses them until they do.
   */
  staffTwoStep: StaffTwoStepPolicy;
}

export interface StaffTwoStepPolicy {
  roles: readonly StaffRole[];
  requiredFrom: Date | null;
}

/** Thrown by `loadConfig`: its message lists every variable at fault. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const defaultWebDistDir = path.resolve(import.meta.dirname, '../../web/dist');

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  { stdoutIsTty = Boolean(process.stdout.isTTY) } = {},
): Config {
  // An empty variable (`DATABASE_URL=`) means "not set", as in most deployment tools.
  const present = Object.fromEntries(
    Object.keys(environmentSchema.shape).flatMap((key) =>
      env[key] === undefined || env[key] === '' ? [] : [[key, env[key]]],
    ),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const vars = parsed.data;
  const isProduction = vars.NODE_ENV === 'production';
  if (isProduction && !vars.SECRET_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  SECRET_KEY: is required when NODE_ENV=production ' +
        '(at least 32 random characters, e.g. `openssl rand -hex 32`)',
    );
  }
  const payments = loadPaymentsConfig(vars, isProduction);
  const mail = loadMailConfig(vars);
  const embeddedGatewayEnabled =
    vars.EMBEDDED_GATEWAY === undefined
      ? !isProduction && vars.NODE_ENV !== 'test'
      : vars.EMBEDDED_GATEWAY === '1' || vars.EMBEDDED_GATEWAY === 'true';
  return {
    port: vars.PORT,
    host: vars.HOST,
    databaseUrl: vars.DATABASE_URL,
    databasePoolSize: vars.DATABASE_POOL_SIZE,
    dataDir: path.resolve(vars.DATA_DIR),
    logLevel: vars.LOG_LEVEL,
    logFormat: vars.LOG_FORMAT ?? (stdoutIsTty && !isProduction ? 'pretty' : 'json'),
    shutdownGraceSeconds: vars.SHUTDOWN_GRACE_SECONDS,
    jobsIntervalSeconds: vars.JOBS_INTERVAL_SECONDS,
    nodeEnv: vars.NODE_ENV,
    isProduction,
    webDistDir: vars.WEB_DIST_DIR ? path.resolve(vars.WEB_DIST_DIR) : defaultWebDistDir,
    trustProxy: parseTrustProxy(vars.TRUST_PROXY),
    publicUrl: vars.PUBLIC_URL,
    secretKey: vars.SECRET_KEY,
    sessions: {
      idleHours: vars.SESSION_IDLE_HOURS,
      maxDays: vars.SESSION_MAX_DAYS,
      cacheMs: vars.SESSION_CACHE_MS,
    },
    catalogCacheSeconds: vars.CATALOG_CACHE_SECONDS,
    throttle: {
      loginPerAccount: {
        max: vars.LOGIN_ACCOUNT_MAX_FAILURES,
        windowMinutes: vars.LOGIN_ACCOUNT_WINDOW_MINUTES,
      },
      loginPerAccountAddress: {
        max: vars.LOGIN_ACCOUNT_ADDRESS_MAX_FAILURES,
        windowMinutes: vars.LOGIN_ACCOUNT_ADDRESS_WINDOW_MINUTES,
      },
      loginPerAddress: {
        max: vars.LOGIN_ADDRESS_MAX_FAILURES,
        windowMinutes: vars.LOGIN_ADDRESS_WINDOW_MINUTES,
      },
      registerPerAddress: {
        max: vars.REGISTER_ADDRESS_MAX,
        windowMinutes: vars.REGISTER_ADDRESS_WINDOW_MINUTES,
      },
      passwordResetPerEmail: {
        max: vars.PASSWORD_RESET_EMAIL_MAX,
        windowMinutes: vars.PASSWORD_RESET_EMAIL_WINDOW_MINUTES,
      },
      passwordResetPerAddress: {
        max: vars.PASSWORD_RESET_ADDRESS_MAX,
        windowMinutes: vars.PASSWORD_RESET_ADDRESS_WINDOW_MINUTES,
      },
    },
    proofOfWork: {
      after: vars.PROOF_OF_WORK_AFTER,
      cost: vars.PROOF_OF_WORK_COST,
      maxCounter: vars.PROOF_OF_WORK_MAX_COUNTER,
    },
    payments,
    mail,
    brandName: vars.BRAND_NAME,
    emailVerification: vars.EMAIL_VERIFICATION ?? (mail ? 'required' : 'optional'),
    staticIps: {
      renewAheadHours: vars.INSTANCE_RENEW_AHEAD_HOURS,
      cooldownHours: vars.IP_COOLDOWN_HOURS,
    },
    demoSeed:
      vars.DEMO_SEED === undefined
        ? !isProduction
        : vars.DEMO_SEED === '1' || vars.DEMO_SEED === 'true',
    dynamicProxy: {
      host: vars.DYNAMIC_PROXY_HOST,
      // The demo gateway is the demo's dynamic pool entry too: by default its port follows.
      port: vars.DYNAMIC_PROXY_PORT ?? (embeddedGatewayEnabled ? vars.EMBEDDED_GATEWAY_PORT : 1080),
    },
    embeddedGateway: {
      enabled: embeddedGatewayEnabled,
      port: vars.EMBEDDED_GATEWAY_PORT,
      nodeKey: vars.EMBEDDED_GATEWAY_NODE_KEY,
    },
    nodeMaxLineRateGbits: vars.NODE_MAX_LINE_RATE_GBITS,
    adjustmentApprovalThresholdFen: BigInt(
      Math.round(vars.ADJUSTMENT_APPROVAL_THRESHOLD_YUAN * 100),
    ),
    businessTimeZone: vars.BUSINESS_TIMEZONE,
    staffTwoStep: {
      roles: vars.STAFF_2FA_ROLES ?? staffRoles,
      requiredFrom: vars.STAFF_2FA_REQUIRED_FROM ? new Date(vars.STAFF_2FA_REQUIRED_FROM) : null,
    },
  };
}

function loadPaymentsConfig(
  vars: z.output<typeof environmentSchema>,
  isProduction: boolean,
): PaymentsConfig {
  const faults: string[] = [];
  if (vars.TOPUP_MIN_YUAN > vars.TOPUP_MAX_YUAN) {
    faults.push('TOPUP_MIN_YUAN: must not exceed TOPUP_MAX_YUAN');
  }
  const alipayVariables = {
    ALIPAY_APP_ID: vars.ALIPAY_APP_ID,
    ALIPAY_PRIVATE_KEY: vars.ALIPAY_PRIVATE_KEY,
    ALIPAY_PUBLIC_KEY: vars.ALIPAY_PUBLIC_KEY,
  };
  let alipay: AlipayConfig | null = null;
  if (Object.values(alipayVariables).some(Boolean) || vars.ALIPAY_SELLER_ID) {
    // Half a configuration is a mistake worth stopping for, not a silently disabled channel.
    for (const [name, value] of Object.entries(alipayVariables)) {
      if (!value) faults.push(`${name}: is required when any ALIPAY_* variable is set`);
    }
    if (!vars.PUBLIC_URL) {
      faults.push('PUBLIC_URL: is required for Alipay (notify and return URLs)');
    }
    const privateKey =
      vars.ALIPAY_PRIVATE_KEY && normalisePem(vars.ALIPAY_PRIVATE_KEY, 'PRIVATE KEY');
    const alipayPublicKey =
      vars.ALIPAY_PUBLIC_KEY && normalisePem(vars.ALIPAY_PUBLIC_KEY, 'PUBLIC KEY');
    if (privateKey && !isKey(() => createPrivateKey(privateKey))) {
      faults.push('ALIPAY_PRIVATE_KEY: is not a readable RSA private key (PEM or base64 PKCS#8)');
    }
    if (alipayPublicKey && !isKey(() => createPublicKey(alipayPublicKey))) {
      faults.push('ALIPAY_PUBLIC_KEY: is not a readable RSA public key (PEM or base64)');
    }
    if (
      faults.length === 0 &&
      vars.ALIPAY_APP_ID &&
      privateKey &&
      alipayPublicKey &&
      vars.PUBLIC_URL
    ) {
      alipay = {
        appId: vars.ALIPAY_APP_ID,
        privateKey,
        alipayPublicKey,
        gateway: vars.ALIPAY_GATEWAY,
        publicUrl: vars.PUBLIC_URL.replace(/\/+$/, ''),
        sellerId: vars.ALIPAY_SELLER_ID ?? null,
      };
    }
  }
  const wechat = loadWechatPayConfig(vars, faults);
  if (faults.length) {
    throw new ConfigError(`Invalid configuration:\n${faults.map((f) => `  ${f}`).join('\n')}`);
  }
  const sandboxSwitch = vars.PAYMENT_SANDBOX;
  return {
    topUpMinFen: BigInt(Math.round(vars.TOPUP_MIN_YUAN * 100)),
    topUpMaxFen: BigInt(Math.round(vars.TOPUP_MAX_YUAN * 100)),
    expiryMinutes: vars.PAYMENT_EXPIRY_MINUTES,
    // The sandbox credits money without anyone paying: off in production unless asked for.
    sandboxEnabled:
      sandboxSwitch === undefined
        ? !isProduction
        : sandboxSwitch === '1' || sandboxSwitch === 'true',
    alipay,
    wechat,
  };
}

/**
 * WECHATPAY_*: all or nothing, like ALIPAY_*. The verifier is WeChat Pay's public key with its id
 * (public-key mode) or its platform certificate (certificate mode), exactly one of the two.
 * Faults are pushed to `faults`; answers the configuration only when there are none.
 */
function loadWechatPayConfig(
  vars: z.output<typeof environmentSchema>,
  faults: string[],
): WechatPayConfig | null {
  const required = {
    WECHATPAY_MCHID: vars.WECHATPAY_MCHID,
    WECHATPAY_APPID: vars.WECHATPAY_APPID,
    WECHATPAY_PRIVATE_KEY: vars.WECHATPAY_PRIVATE_KEY,
    WECHATPAY_SERIAL_NO: vars.WECHATPAY_SERIAL_NO,
    WECHATPAY_APIV3_KEY: vars.WECHATPAY_APIV3_KEY,
  };
  const verifierVariables = [
    vars.WECHATPAY_PUBLIC_KEY,
    vars.WECHATPAY_PUBLIC_KEY_ID,
    vars.WECHATPAY_PLATFORM_CERTIFICATE,
  ];
  if (![...Object.values(required), ...verifierVariables].some(Boolean)) return null;
  const before = faults.length;
  for (const [name, value] of Object.entries(required)) {
    if (!value) faults.push(`${name}: is required when any WECHATPAY_* variable is set`);
  }
  if (!vars.PUBLIC_URL) faults.push('PUBLIC_URL: is required for WeChat Pay (the notify URL)');
  const privateKey =
    vars.WECHATPAY_PRIVATE_KEY && normalisePem(vars.WECHATPAY_PRIVATE_KEY, 'PRIVATE KEY');
  if (privateKey && !isKey(() => createPrivateKey(privateKey))) {
    faults.push('WECHATPAY_PRIVATE_KEY: is not a readable RSA private key (PEM or base64 PKCS#8)');
  }
  // The APIv3 key is 32 ASCII characters, used as the AES-256 key bytes as they are.
  if (vars.WECHATPAY_APIV3_KEY && Buffer.byteLength(vars.WECHATPAY_APIV3_KEY, 'utf8') !== 32) {
    faults.push('WECHATPAY_APIV3_KEY: must be exactly 32 bytes (the APIv3 key)');
  }
  const verifier = loadWechatPayVerifier(vars, faults);
  if (faults.length > before || !privateKey || !verifier || !vars.PUBLIC_URL) return null;
  return {
    mchId: vars.WECHATPAY_MCHID!,
    appId: vars.WECHATPAY_APPID!,
    privateKey,
    serialNo: vars.WECHATPAY_SERIAL_NO!,
    apiV3Key: vars.WECHATPAY_APIV3_KEY!,
    verifier,
    gateway: vars.WECHATPAY_GATEWAY.replace(/\/+$/, ''),
    publicUrl: vars.PUBLIC_URL.replace(/\/+$/, ''),
  };
}

function loadWechatPayVerifier(
  vars: z.output<typeof environmentSchema>,
  faults: string[],
): WechatPayVerifier | undefined {
  const publicKeyMode = Boolean(vars.WECHATPAY_PUBLIC_KEY || vars.WECHATPAY_PUBLIC_KEY_ID);
  const certificate = vars.WECHATPAY_PLATFORM_CERTIFICATE;
  if (publicKeyMode === Boolean(certificate)) {
    faults.push(
      'WECHATPAY_PUBLIC_KEY: give either WECHATPAY_PUBLIC_KEY with WECHATPAY_PUBLIC_KEY_ID ' +
        '(public-key mode) or WECHATPAY_PLATFORM_CERTIFICATE (certificate mode), not both',
    );
    return undefined;
  }
  if (certificate) {
    try {
      const x509 = new X509Certificate(certificate.replace(/\\n/g, '\n'));
      return { serial: x509.serialNumber.toUpperCase(), publicKey: publicKeyPem(x509.publicKey) };
    } catch {
      faults.push('WECHATPAY_PLATFORM_CERTIFICATE: is not a readable X.509 certificate (PEM)');
      return undefined;
    }
  }
  if (!vars.WECHATPAY_PUBLIC_KEY || !vars.WECHATPAY_PUBLIC_KEY_ID) {
    faults.push(
      'WECHATPAY_PUBLIC_KEY_ID: public-key mode needs both WECHATPAY_PUBLIC_KEY and its id',
    );
    return undefined;
  }
  const publicKey = normalisePem(vars.WECHATPAY_PUBLIC_KEY, 'PUBLIC KEY');
  if (!isKey(() => createPublicKey(publicKey))) {
    faults.push('WECHATPAY_PUBLIC_KEY: is not a readable RSA public key (PEM or base64)');
    return undefined;
  }
  return { serial: vars.WECHATPAY_PUBLIC_KEY_ID, publicKey };
}

function publicKeyPem(key: KeyObject): string {
  return key.export({ type: 'spki', format: 'pem' }).toString();
}

function isKey(read: () => unknown): boolean {
  try {
    read();
    return true;
  } catch {
    return false;
  }
}

/** `true`/`false`, a hop count, or a comma-separated list of trusted addresses and CIDR ranges. */
function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    // A hop count: trust that many proxies in front of this server (proxy-addr's numbering).
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function loadMailConfig(vars: z.output<typeof environmentSchema>): MailConfig | undefined {
  if (!vars.SMTP_URL) return undefined;
  const from = vars.MAIL_FROM;
  const fromDomain = from?.match(/@([^\s>]+)>?\s*$/)?.[1];
  if (!from || !fromDomain) {
    throw new ConfigError(
      'Invalid configuration:\n  MAIL_FROM: is required with SMTP_URL, an address such as ' +
        'Acme <noreply@acme.com>',
    );
  }
  if (!vars.PUBLIC_URL && vars.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL: is required with SMTP_URL in production (the links in mail), ' +
        'such as https://proxy.acme.com',
    );
  }
  return { smtpUrl: vars.SMTP_URL, from, fromDomain };
}
