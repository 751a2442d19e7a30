import {
  createAdminNode,
  disableAdminNode,
  enableAdminNode,
  getAdminNode,
  listAdminNodes,
  rotateAdminNodeKey,
} from '@stratus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireStaffActor } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as adminNodes from './admin-nodes.ts';

/** The API origin a node's gateway should call: `PUBLIC_URL`, else the one this request came to. */
function apiUrlFor(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

export function registerAdminNodeRoutes(app: FastifyInstance): void {
  registerEndpoint(app, listAdminNodes, () => adminNodes.listAdminNodes({ db: app.db }));

  registerEndpoint(app, getAdminNode, (request) =>
    adminNodes.getAdminNode({ db: app.db, nodeId: request.params.id }),
  );

  registerEndpoint(app, createAdminNode, (request) =>
    adminNodes.createGatewayNode({
      db: app.db,
      actor: requireStaffActor(request),
      apiUrl: apiUrlFor(app, request),
      name: request.body.name,
      host: request.body.host,
    }),
  );

  registerEndpoint(app, rotateAdminNodeKey, (request) =>
    adminNodes.rotateGatewayNodeKeyById({
      db: app.db,
      actor: requireStaffActor(request),
      apiUrl: apiUrlFor(app, request),
      nodeId: request.params.id,
    }),
  );

  registerEndpoint(app, disableAdminNode, (request) =>
    adminNodes.setGatewayNodeStatus({
      db: app.db,
      actor: requireStaffActor(request),
      nodeId: request.params.id,
      status: 'disabled',
    }),
  );

  registerEndpoint(app, enableAdminNode, (request) =>
    adminNodes.setGatewayNodeStatus({
      db: app.db,
      actor: requireStaffActor(request),
      nodeId: request.params.id,
      status: 'active',
    }),
  );
}
