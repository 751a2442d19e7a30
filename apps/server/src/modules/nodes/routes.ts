import {
  createAdminNode,
  disableAdminNode,
  enableAdminNode,
  getAdminNode,
  getNodeCredentials,
  heartbeatOfQuery,
  listAdminNodes,
  reportNodeInstanceCheck,
  rotateAdminNodeKey,
} from '@stratus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireNode, requireStaffActor } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import { hasCheckNotHandedOut, reportNodeCheck } from './checks.ts';
import * as adminNodes from './admin-nodes.ts';
import { NodeCheckWaits } from './check-waits.ts';
import * as nodes from './service.ts';

/** The API origin a node's gateway should call: `PUBLIC_URL`, else the one this request came to. */
function apiUrlFor(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

export function registerNodeRoutes(app: FastifyInstance): void {
  const checkWaits = new NodeCheckWaits();
  app.changeBus.subscribe(checkWaits.onChange);
  // A held poll answers as it stands when the server stops, not up to a poll interval later.
  app.addHook('preClose', (done) => {
    checkWaits.close();
    done();
  });

  registerEndpoint(app, getNodeCredentials, async (request, reply) => {
    const node = requireNode(request);
    const { wait } = request.query;
    // A node that hung up during the hold (it stopped) has not polled: its poll is not recorded.
    const hungUp = new AbortController();
    reply.raw.once('close', () => hungUp.abort());
    return nodes.getNodeCredentials({
      db: app.db,
      node,
      since: request.query.since,
      heartbeat: heartbeatOfQuery(request.query),
      log: request.log,
      // Held only while the bus hears every server: otherwise a check asked elsewhere is missed.
      hold:
        wait && app.changeBus.listening
          ? () =>
              checkWaits.hold(
                node.id,
                wait * 1000,
                () => hasCheckNotHandedOut({ db: app.db, nodeId: node.id }),
                hungUp.signal,
              )
          : undefined,
    });
  });

  registerEndpoint(app, reportNodeInstanceCheck, async (request) =>
    reportNodeCheck({
      db: app.db,
      nodeId: requireNode(request).id,
      checkId: request.params.checkId,
      report: request.body,
    }),
  );

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
