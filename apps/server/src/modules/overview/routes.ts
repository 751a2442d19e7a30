import { getOverview } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as overview from './service.ts';

export function registerOverviewRoutes(app: FastifyInstance): void {
  registerEndpoint(app, getOverview, async (request) =>
    overview.getOverview({
      db: app.db,
      userId: requireAuth(request).userId,
      locale: request.locale,
    }),
  );
}
