import { getReceipt } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as receipts from './service.ts';

/** The customer's receipts of paid top-ups and orders. */
export function registerReceiptRoutes(app: FastifyInstance): void {
  registerEndpoint(app, getReceipt, (request) =>
    receipts.getReceipt({
      db: app.db,
      userId: requireAuth(request).userId,
      kind: request.params.kind,
      id: request.params.id,
      locale: request.locale,
    }),
  );
}
