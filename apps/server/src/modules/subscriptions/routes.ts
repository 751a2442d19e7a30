import { getSubscription, getSubscriptionProfile, rotateSubscription } from '@stratus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { rawReply, registerEndpoint } from '../../plugins/contract-routes.ts';
import { formatForUserAgent } from './client-format.ts';
import { secretKey, takeRateLimit } from './rate-limit.ts';
import * as subscriptions from './service.ts';

/** Fetches of one token per minute, across every API server: clients update every few hours. */
export const PROFILE_FETCHES_PER_MINUTE = 30;

/** The origin the subscription URL starts with: `PUBLIC_URL`, else the one this request came to. */
function originOf(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

export function registerSubscriptionRoutes(app: FastifyInstance): void {
  const { db, tokenCipher: cipher } = app;

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

  // Proxy clients read this, not the console: a profile is a plain body (YAML, JSON or base64),
  // while a refusal is the API's usual envelope with a 4xx status, which clients report as a
  // failed update rather than import.
  registerEndpoint(app, getSubscriptionProfile, async (request, reply) => {
    const { token } = request.params;
    const take = await takeRateLimit(db, {
      key: secretKey('sub', token),
      limit: PROFILE_FETCHES_PER_MINUTE,
      windowMs: 60_000,
    });
    if (!take.allowed) {
      reply.header('retry-after', String(take.retryAfterSeconds));
      throw new AppError('subscriptionRateLimited');
    }
    return rawReply(
      await subscriptions.buildSubscriptionProfile({
        db,
        token,
        format: request.query.format ?? formatForUserAgent(request.headers['user-agent']),
      }),
    );
  });
}
