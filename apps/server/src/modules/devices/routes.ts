import {
  listSecuritySessions,
  listSignInHistory,
  revokeOtherSecuritySessions,
  revokeSecuritySession,
} from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as devices from './service.ts';

export function registerDeviceRoutes(app: FastifyInstance): void {
  const { db, config } = app;

  registerEndpoint(app, listSecuritySessions, (request) =>
    devices.listSessions({ db, config, caller: requireAuth(request) }),
  );

  registerEndpoint(app, revokeSecuritySession, async (request) => {
    await devices.revokeSession({ db, caller: requireAuth(request), sessionId: request.params.id });
    return null;
  });

  registerEndpoint(app, revokeOtherSecuritySessions, (request) =>
    devices.revokeOtherSessions({ db, config, caller: requireAuth(request) }),
  );

  registerEndpoint(app, listSignInHistory, (request) =>
    devices.listSignIns({
      db,
      userId: requireAuth(request).userId,
      page: request.query.page,
      pageSize: request.query.pageSize,
    }),
  );
}
