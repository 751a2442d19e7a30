import {
  approveBalanceAdjustment,
  createBalanceAdjustment,
  listBalanceAdjustments,
  rejectBalanceAdjustment,
  yuanToFen,
} from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireStaffActor } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as adjustments from './service.ts';

export function registerAdjustmentRoutes(app: FastifyInstance): void {
  registerEndpoint(app, createBalanceAdjustment, (request) =>
    adjustments.requestAdjustment({
      db: app.db,
      config: app.config,
      actor: requireStaffActor(request),
      customerId: request.params.id,
      amountFen: yuanToFen(request.body.amount),
      reason: request.body.reason,
    }),
  );

  registerEndpoint(app, listBalanceAdjustments, (request) =>
    adjustments.listAdjustments({ db: app.db, query: request.query }),
  );

  registerEndpoint(app, approveBalanceAdjustment, (request) =>
    adjustments.decideOnAdjustment({
      db: app.db,
      actor: requireStaffActor(request),
      id: request.params.id,
      approve: true,
    }),
  );

  registerEndpoint(app, rejectBalanceAdjustment, (request) =>
    adjustments.decideOnAdjustment({
      db: app.db,
      actor: requireStaffActor(request),
      id: request.params.id,
      approve: false,
      reason: request.body.reason,
    }),
  );
}
