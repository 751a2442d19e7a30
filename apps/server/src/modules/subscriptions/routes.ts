import {
  errors,
  formatErrorMessage,
  getSubscription,
  getSubscriptionProfile,
  rotateSubscription,
  type ErrorName,
} from '@stratus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { rawReply, registerEndpoint } from '../../plugins/contract-routes.ts';
import { formatForUserAgent } from './client-format.ts';
import { createRateLimiter } from './rate-limit.ts';
import * as subscriptions from './service.ts';

/** Fetches of one token per minute per API process: clients update every few hours. */
export const PROFILE_FETCHES_PER_MINUTE = 30;

/** The origin the subscription URL starts with: `PUBLIC_URL`, else the one this request came to. */
function originOf(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

export function registerSubscriptionRoutes(app: FastifyInstance): void {
  const { db, tokenCipher: cipher } = app;
  const limiter = createRateLimiter({ limit: PROFILE_FETCHES_PER_MINUTE, windowMs: 60_000 });

  registerEndpoint(app, getSubscription, (request) =>
    subscriptions.getSubscription({
      db,
      cipher,
      userId: requireAuth(request).userId,
      origin: originOf(app, request),
    }),
  );

  registerEndpoint(app, rotateSubscription, (request) =>
    subscriptions.rotateSubscription({
      db,
      cipher,
      userId: requireAuth(request).userId,
      origin: originOf(app, request),
    }),
  );

  // Proxy clients read this, not the console: answers and failures are plain text, never the
  // JSON envelope, which a client would try to import as a profile.
  registerEndpoint(app, getSubscriptionProfile, async (request, reply) => {
    const { token } = request.params;
    const plainError = (kind: ErrorName, headers: Record<string, string> = {}) => {
      reply.code(errors[kind].status);
      return rawReply({
        contentType: 'text/plain; charset=utf-8',
        body: formatErrorMessage(kind, request.locale),
        headers: { 'cache-control': 'no-store', ...headers },
      });
    };
    if (!limiter.take(token)) {
      return plainError('subscriptionRateLimited', {
        'retry-after': String(limiter.retryAfterSeconds(token)),
      });
    }
    try {
      const profile = await subscriptions.buildSubscriptionProfile({
        db,
        token,
        format: request.query.format ?? formatForUserAgent(request.headers['user-agent']),
      });
      return rawReply(profile);
    } catch (error) {
      if (error instanceof AppError && error.kind === 'subscriptionNotFound') {
        return plainError('subscriptionNotFound');
      }
      throw error;
    }
  });
}
