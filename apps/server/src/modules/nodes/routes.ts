import { getNodeCredentials } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireNode } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as nodes from './service.ts';

export function registerNodeRoutes(app: FastifyInstance): void {
  registerEndpoint(app, getNodeCredentials, async (request) =>
    nodes.getNodeCredentials({
      db: app.db,
      nodeId: requireNode(request).id,
      since: request.query.since,
    }),
  );
}
