import type { Database } from '@stratus/db';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { createLoggerOptions, type LoggerOptions } from './logger.ts';
import { registerAllowlistRoutes } from './modules/allowlist/routes.ts';
import { registerDeviceRoutes } from './modules/devices/routes.ts';
import { registerApiKeyRoutes } from './modules/api-keys/routes.ts';
import { registerAdminAnnouncementRoutes } from './modules/announcements/admin-routes.ts';
import { registerAdminSettingRoutes } from './modules/settings/admin-routes.ts';
import { registerReceiptRoutes } from './modules/receipts/routes.ts';
import { registerAnnouncementRoutes } from './modules/announcements/routes.ts';
import { registerMessageRoutes } from './modules/messages/routes.ts';
import { registerWebhookRoutes } from './modules/webhooks/routes.ts';
import { registerSecurityRoutes } from './modules/security/routes.ts';
import { registerPasskeyRoutes } from './modules/passkeys/routes.ts';
import { createUnsubscribeTokens, type UnsubscribeTokens } from './modules/messages/public.ts';
import { registerAuditRoutes } from './modules/audit/admin-routes.ts';
import { registerAdjustmentRoutes } from './modules/adjustments/admin-routes.ts';
import { registerAuthRoutes } from './modules/auth/routes.ts';
import { registerAdminCatalogRoutes } from './modules/catalog/admin-routes.ts';
import { registerCatalogRoutes } from './modules/catalog/routes.ts';
import { registerCustomerRoutes } from './modules/customers/admin-routes.ts';
import { registerDashboardRoutes } from './modules/dashboard/admin-routes.ts';
import { registerDynamicRoutes } from './modules/dynamic/routes.ts';
import { registerHealthRoutes } from './modules/health/routes.ts';
import { registerInstanceRoutes } from './modules/instances/routes.ts';
import { registerAdminInventoryRoutes } from './modules/inventory/admin-routes.ts';
import { registerAdminNodeRoutes } from './modules/nodes/admin-routes.ts';
import { registerAdminMessageRoutes } from './modules/messages/admin-routes.ts';
import { registerNodeRoutes } from './modules/nodes/routes.ts';
import { registerAdminOrderRoutes } from './modules/orders/admin-routes.ts';
import { registerOrderRoutes } from './modules/orders/routes.ts';
import { registerOverviewRoutes } from './modules/overview/routes.ts';
import { useMailIdentity } from './modules/messages/public.ts';
import { createPaymentChannels } from './modules/payments/public.ts';
import { registerAdminPaymentRoutes } from './modules/payments/admin-routes.ts';
import { registerPaymentRoutes } from './modules/payments/routes.ts';
import { registerStaffRoutes } from './modules/staff/admin-routes.ts';
import { registerSubscriptionRoutes } from './modules/subscriptions/routes.ts';
import { registerSubUserRoutes } from './modules/sub-users/routes.ts';
import { registerTrafficRoutes } from './modules/traffic/routes.ts';
import { registerUsageRoutes } from './modules/usage/routes.ts';
import { registerUserRoutes } from './modules/users/routes.ts';
import { registerWalletRoutes } from './modules/wallet/routes.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerBodyParsing } from './plugins/body-parsing.ts';
import { registerChangeBus } from './change-notifications.ts';
import { registerDatabase } from './plugins/db.ts';
import { registerErrorHandling, type UndeclaredErrorAnswer } from './plugins/errors.ts';
import { answerClientError } from './plugins/client-errors.ts';
import { answerFrameworkError } from './plugins/framework-errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRequestLog } from './plugins/request-log.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWebApp } from './plugins/web.ts';
import { useBusinessTimeZone } from './business-time.ts';
import { createProofsOfWork, type ProofsOfWork } from './modules/auth/public.ts';
import { resolveSecretKey } from './secret-key.ts';
import { createTokenCipher, type TokenCipher } from './tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Encrypts and decrypts stored API tokens with the server's secret key. */
    tokenCipher: TokenCipher;
    /** Signs and reads the unsubscribe links of mail. */
    unsubscribeTokens: UnsubscribeTokens;
    /** Issues and accepts the proofs of work asked after repeated sign-in attempts. */
    proofsOfWork: ProofsOfWork;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** Already migrated; the caller closes it after the app. */
  database: Database;
  /** `false` silences logs; an object overrides the options made from `config` (e.g. a stream). */
  logger?: boolean | LoggerOptions;
  /**
   * Tests only: hears of each error answer its route's endpoint does not declare (see
   * `registerErrorHandling`). A production server passes none and checks nothing.
   */
  onUndeclaredError?: (answer: UndeclaredErrorAnswer) => void;
}

/** Request bodies above this are refused with 413. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Builds the whole application without listening and without background jobs (server.ts starts
 * those), so tests drive it with `app.inject` and no timer runs behind them.
 */
export async function buildApp({
  config,
  database,
  logger,
  onUndeclaredError,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      typeof logger === 'object' || logger === undefined
        ? { ...createLoggerOptions(config), ...logger }
        : logger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // Bad URLs and over-long path parameters are refused by the router itself: answered in the
    // envelope with the security headers, not Fastify's JSON echoing the URL.
    frameworkErrors: answerFrameworkError,
    // Requests Node's parser refuses (431, a bad request line): the envelope and headers too.
    clientErrorHandler: answerClientError,
    // Fastify logs two lines per request (in and out); one line at the end says the same (the
    // method and URL are added to it below) for half the serialising and writing.
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerRequestLog(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  useBusinessTimeZone(config.businessTimeZone);
  // The brand and links of every mail, one per process like the zone (messages/recipients.ts).
  useMailIdentity({ brand: config.brandName, publicUrl: config.publicUrl });
  const secretKey = await resolveSecretKey(config);
  app.decorate('tokenCipher', createTokenCipher(secretKey));
  app.decorate('unsubscribeTokens', createUnsubscribeTokens(secretKey));
  app.decorate('proofsOfWork', createProofsOfWork(secretKey, config.proofOfWork));
  app.decorate('paymentChannels', createPaymentChannels(config.payments));
  registerDatabase(app, database);
  await registerChangeBus(app, database);

  // Order matters: hooks added here cover every route and plugin registered below.
  registerErrorHandling(app, { onUndeclaredError });
  registerSecurityHeaders(app);
  registerBodyParsing(app);
  registerAuth(app);
  await registerOpenApi(app);

  registerHealthRoutes(app);
  registerAuthRoutes(app);
  registerDeviceRoutes(app);
  registerPasskeyRoutes(app);
  registerUserRoutes(app);
  registerWalletRoutes(app);
  await registerPaymentRoutes(app);
  registerAdminPaymentRoutes(app);
  registerStaffRoutes(app);
  registerAuditRoutes(app);
  registerCustomerRoutes(app);
  registerAdjustmentRoutes(app);
  registerCatalogRoutes(app);
  registerAdminCatalogRoutes(app);
  registerOrderRoutes(app);
  registerAdminOrderRoutes(app);
  registerInstanceRoutes(app);
  registerSubscriptionRoutes(app);
  registerAdminInventoryRoutes(app);
  registerTrafficRoutes(app);
  registerUsageRoutes(app);
  registerNodeRoutes(app);
  registerAdminNodeRoutes(app);
  registerDynamicRoutes(app);
  registerOverviewRoutes(app);
  registerDashboardRoutes(app);
  registerAnnouncementRoutes(app);
  await registerMessageRoutes(app);
  registerAdminAnnouncementRoutes(app);
  registerAdminSettingRoutes(app);
  registerReceiptRoutes(app);
  registerAdminMessageRoutes(app);
  registerAllowlistRoutes(app);
  registerWebhookRoutes(app);
  registerApiKeyRoutes(app);
  registerSubUserRoutes(app);
  registerSecurityRoutes(app);

  await registerWebApp(app, { distDir: config.webDistDir, timeZone: config.businessTimeZone });
  return app;
}
