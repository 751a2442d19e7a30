import {
  createTrafficOrder,
  listTrafficCatalog,
  listTrafficPackages,
  quoteTrafficOrder,
} from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import { idempotencyKeyOf } from '../checkout/public.ts';
import { purchaseTraffic, quoteTrafficPurchase } from './purchase.ts';
import { assertEmailVerifiedToSpend } from '../users/public.ts';
import * as traffic from './service.ts';

export function registerTrafficRoutes(app: FastifyInstance): void {
  registerEndpoint(app, listTrafficCatalog, async (request) => {
    requireAuth(request);
    return { items: await traffic.listTrafficCatalog({ db: app.db }) };
  });

  registerEndpoint(app, quoteTrafficOrder, async (request) =>
    quoteTrafficPurchase({
      db: app.db,
      userId: requireAuth(request).userId,
      purchase: request.body,
    }),
  );

  registerEndpoint(app, createTrafficOrder, async (request) => {
    const { userId } = requireAuth(request);
    await assertEmailVerifiedToSpend({
      db: app.db,
      emailVerification: app.config.emailVerification,
      userId,
    });
    return purchaseTraffic({
      db: app.db,
      userId,
      locale: request.locale,
      purchase: request.body,
      idempotencyKey: idempotencyKeyOf(request),
    });
  });

  registerEndpoint(app, listTrafficPackages, async (request) => {
    const { page, pageSize, status } = request.query;
    return traffic.listTrafficPackages({
      db: app.db,
      userId: requireAuth(request).userId,
      status,
      page,
      pageSize,
    });
  });
}
