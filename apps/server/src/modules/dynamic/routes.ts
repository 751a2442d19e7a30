import {
  generateDynamicEndpoints,
  getDynamicAccount,
  resetDynamicPassword,
} from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as dynamic from './service.ts';

export function registerDynamicRoutes(app: FastifyInstance): void {
  registerEndpoint(app, getDynamicAccount, async (request) =>
    dynamic.getDynamicAccount({
      db: app.db,
      config: app.config,
      userId: requireAuth(request).userId,
      locale: request.locale,
    }),
  );

  registerEndpoint(app, resetDynamicPassword, async (request) =>
    dynamic.resetDynamicPassword({
      db: app.db,
      config: app.config,
      userId: requireAuth(request).userId,
      locale: request.locale,
    }),
  );

  registerEndpoint(app, generateDynamicEndpoints, async (request) => ({
    items: await dynamic.generateDynamicEndpoints({
      db: app.db,
      config: app.config,
      userId: requireAuth(request).userId,
      request: request.query,
    }),
  }));
}
