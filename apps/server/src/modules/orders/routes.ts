import { createStaticIpOrder, getOrder, listOrders, quoteStaticIpOrder } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import { idempotencyKeyOf, getOrder as readOrder } from '../checkout/public.ts';
import { assertEmailVerifiedToSpend } from '../users/public.ts';
import * as orders from './service.ts';

/** The customer's orders API, and the operator console's (admin-routes.ts). */
export function registerOrderRoutes(app: FastifyInstance): void {
  registerEndpoint(app, quoteStaticIpOrder, async (request) =>
    orders.quoteStaticIpOrder({
      db: app.db,
      userId: requireAuth(request).userId,
      purchase: request.body,
    }),
  );

  registerEndpoint(app, createStaticIpOrder, async (request) => {
    const { userId } = requireAuth(request);
    await assertEmailVerifiedToSpend({
      db: app.db,
      emailVerification: app.config.emailVerification,
      userId,
    });
    return orders.purchaseStaticIps({
      db: app.db,
      userId,
      locale: request.locale,
      purchase: request.body,
      idempotencyKey: idempotencyKeyOf(request),
    });
  });

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
    readOrder({
      db: app.db,
      userId: requireAuth(request).userId,
      orderId: request.params.id,
      locale: request.locale,
    }),
  );
}
