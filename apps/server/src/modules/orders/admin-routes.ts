import {
  getAdminOrder,
  listAdminOrders,
  listRenewalFailures,
  refundOrder,
  yuanToFen,
} from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireStaffActor } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as adminOrders from './admin-service.ts';
import { idempotencyKeyOf } from '../checkout/public.ts';
import * as refunds from './refunds.ts';

/** The operator console's orders API (`/api/admin/orders`, `/api/admin/renewal-failures`). */
export function registerAdminOrderRoutes(app: FastifyInstance): void {
  registerEndpoint(app, listAdminOrders, async (request) => {
    const { page, pageSize, ...query } = request.query;
    return adminOrders.listAdminOrders({
      db: app.db,
      locale: request.locale,
      query,
      page,
      pageSize,
    });
  });

  registerEndpoint(app, getAdminOrder, async (request) =>
    adminOrders.getAdminOrder({ db: app.db, orderId: request.params.id, locale: request.locale }),
  );

  registerEndpoint(app, refundOrder, async (request) =>
    refunds.refundOrder({
      db: app.db,
      actor: requireStaffActor(request),
      orderId: request.params.id,
      amountFen: request.body.amount === undefined ? undefined : yuanToFen(request.body.amount),
      reason: request.body.reason,
      idempotencyKey: idempotencyKeyOf(request),
      cooldownHours: app.config.staticIps.cooldownHours,
      locale: request.locale,
    }),
  );

  registerEndpoint(app, listRenewalFailures, async (request) =>
    adminOrders.listRenewalFailures({
      db: app.db,
      page: request.query.page,
      pageSize: request.query.pageSize,
    }),
  );
}
