import {
  alipayNotify,
  cancelTopUp,
  completeSandboxPayment,
  createTopUp,
  getOpenTopUp,
  getTopUp,
  getTopUpOptions,
  wechatPayNotify,
} from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import { rawReply, registerEndpoint } from '../../plugins/contract-routes.ts';
import { handleAlipayNotify } from './alipay-notify.ts';
import { handleWechatPayNotify } from './wechat-pay-notify.ts';
import type { PaymentChannels } from './channels.ts';
import { assertEmailVerifiedToSpend } from '../users/public.ts';
import * as payments from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment channels switched on by configuration. */
    paymentChannels: PaymentChannels;
  }
}

/**
 * Top-ups under `/user/wallet`, the channels' own endpoints under `/payments`, and the operator
 * console's payments and reconciliation under `/admin`.
 */
export async function registerPaymentRoutes(app: FastifyInstance): Promise<void> {
  const channels = app.paymentChannels;
  const config = app.config.payments;

  registerEndpoint(app, getTopUpOptions, async () =>
    payments.getTopUpOptions({ config, channels }),
  );
  registerEndpoint(app, createTopUp, async (request) => {
    const { userId } = requireAuth(request);
    await assertEmailVerifiedToSpend({
      db: app.db,
      emailVerification: app.config.emailVerification,
      userId,
    });
    return payments.createTopUp({
      db: app.db,
      config,
      channels,
      userId,
      amount: request.body.amount,
      channel: request.body.channel,
    });
  });
  registerEndpoint(app, getOpenTopUp, async (request) =>
    payments.getOpenTopUp({ db: app.db, channels, userId: requireAuth(request).userId }),
  );
  registerEndpoint(app, getTopUp, async (request) =>
    payments.getTopUp({
      db: app.db,
      channels,
      userId: requireAuth(request).userId,
      paymentId: request.params.id,
    }),
  );
  registerEndpoint(app, cancelTopUp, async (request) =>
    payments.cancelTopUp({
      db: app.db,
      channels,
      userId: requireAuth(request).userId,
      paymentId: request.params.id,
    }),
  );
  registerEndpoint(app, completeSandboxPayment, async (request) =>
    payments.completeSandboxPayment({
      db: app.db,
      channels,
      userId: requireAuth(request).userId,
      paymentId: request.params.paymentId,
      log: request.log,
    }),
  );

  // Alipay posts its notification form-encoded: the parser lives in this scope only (the rest of
  // the API stays JSON-only), and is the only one here.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body.toString())));
      },
    );
    registerEndpoint(scope, alipayNotify, async (request) =>
      rawReply({
        contentType: 'text/plain; charset=utf-8',
        body: await handleAlipayNotify({
          db: app.db,
          channels,
          appId: config.alipay?.appId,
          params: request.body,
          log: request.log,
        }),
      }),
    );
  });

  // WeChat Pay signs the notification's exact bytes: this scope reads JSON as its raw text, and
  // the handler parses it only after the signature verifies.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, body.toString());
      },
    );
    registerEndpoint(scope, wechatPayNotify, async (request, reply) => {
      const header = (name: keyof typeof request.headers) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      await handleWechatPayNotify({
        db: app.db,
        channels,
        headers: {
          serial: header('wechatpay-serial'),
          signature: header('wechatpay-signature'),
          timestamp: header('wechatpay-timestamp'),
          nonce: header('wechatpay-nonce'),
          signatureType: header('wechatpay-signature-type'),
        },
        body: request.body,
        log: request.log,
      });
      // WeChat Pay's rules: 200 or 204 with no body acknowledges the notification.
      reply.code(204);
      return rawReply({ contentType: 'text/plain; charset=utf-8', body: '' });
    });
  });
}
