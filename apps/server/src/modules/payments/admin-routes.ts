import {
  getAdminPayment,
  getReconciliation,
  listAdminPayments,
  markAdminPaymentPaid,
  syncAdminPayment,
} from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireStaffActor } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as admin from './admin-service.ts';
import { getReconciliation as reconcile } from './reconciliation.ts';

/** Payments for operators under `/admin/payments` and the daily reconciliation. */
export function registerAdminPaymentRoutes(app: FastifyInstance): void {
  registerEndpoint(app, listAdminPayments, async (request) =>
    admin.listPaymentsForOperator({ db: app.db, query: request.query }),
  );
  registerEndpoint(app, getAdminPayment, async (request) =>
    admin.getPaymentForOperator({ db: app.db, paymentId: request.params.id }),
  );
  registerEndpoint(app, syncAdminPayment, async (request) =>
    admin.syncPayment({
      db: app.db,
      channels: app.paymentChannels,
      paymentId: request.params.id,
      actor: requireStaffActor(request),
    }),
  );
  registerEndpoint(app, markAdminPaymentPaid, async (request) =>
    admin.markPaymentPaid({
      db: app.db,
      paymentId: request.params.id,
      tradeNo: request.body.tradeNo,
      note: request.body.note,
      actor: requireStaffActor(request),
    }),
  );
  registerEndpoint(app, getReconciliation, async (request) =>
    reconcile({ db: app.db, from: request.query.from, to: request.query.to }),
  );
}
