import { createApiKey, listApiKeys, revokeApiKey } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as apiKeys from './service.ts';

export function registerApiKeyRoutes(app: FastifyInstance): void {
  const { db } = app;

  registerEndpoint(app, listApiKeys, (request) =>
    apiKeys.listApiKeys({ db, userId: requireAuth(request).userId }),
  );

  registerEndpoint(app, createApiKey, (request) =>
    apiKeys.createApiKey({ db, userId: requireAuth(request).userId, input: request.body }),
  );

  registerEndpoint(app, revokeApiKey, (request) =>
    apiKeys.revokeApiKey({ db, userId: requireAuth(request).userId, id: request.params.id }),
  );
}
