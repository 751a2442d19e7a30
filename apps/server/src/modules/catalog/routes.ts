import { listStaticIpCatalog } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as catalog from './service.ts';

export function registerCatalogRoutes(app: FastifyInstance): void {
  registerEndpoint(app, listStaticIpCatalog, async (request) => {
    requireAuth(request);
    return { items: await catalog.listStaticIpCatalog({ db: app.db, locale: request.locale }) };
  });
}
