import { getNodeCredentials, heartbeatOfQuery, reportNodeInstanceCheck } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireNode } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import { hasCheckNotHandedOut, reportNodeCheck } from './checks.ts';
import { NodeCheckWaits } from './check-waits.ts';
import * as nodes from './service.ts';

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
}
