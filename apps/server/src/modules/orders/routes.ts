import { createStaticIpOrder, getOrder, listOrders, quoteStaticIpOrder } from '@stratus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import { AppError } from '../../plugins/errors.ts';
import * as orders from './service.ts';

const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

/** The `Idempotency-Key` header, if sent; blank counts as absent. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!key) return undefined;
  if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw new AppError('validationFailed', {
      field: 'Idempotency-Key',
      reason: `at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`,
    });
  }
  return key;
}

export function registerOrderRoutes(app: FastifyInstance): void {
  registerEndpoint(app, quoteStaticIpOrder, async (request) =>
    orders.quoteStaticIpOrder({
      db: app.db,
      userId: requireAuth(request).userId,
      purchase: request.body,
    }),
  );

  registerEndpoint(app, createStaticIpOrder, async (request) =>
    orders.purchaseStaticIps({
      db: app.db,
      userId: requireAuth(request).userId,
      locale: request.locale,
      purchase: request.body,
      idempotencyKey: idempotencyKeyOf(request),
    }),
  );

  registerEndpoint(app, listOrders, async (request) => {
    const { page, pageSize, type, status } = request.query;
    return orders.listOrders({
      db: app.db,
      userId: requireAuth(request).userId,
      locale: request.locale,
      query: { type, status },
      page,
      pageSize,
    });
  });

  registerEndpoint(app, getOrder, async (request) =>
    orders.getOrder({
      db: app.db,
      userId: requireAuth(request).userId,
      orderId: request.params.id,
      locale: request.locale,
    }),
  );
}
