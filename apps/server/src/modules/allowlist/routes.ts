import { addIpAllowlistEntry, deleteIpAllowlistEntry, listIpAllowlist } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as allowlist from './service.ts';

export function registerAllowlistRoutes(app: FastifyInstance): void {
  const { db } = app;
  const production = app.config.nodeEnv === 'production';

  registerEndpoint(app, listIpAllowlist, (request) =>
    allowlist.listIpAllowlist({ db, userId: requireAuth(request).userId, requestIp: request.ip }),
  );

  registerEndpoint(app, addIpAllowlistEntry, (request) =>
    allowlist.addIpAllowlistEntry({
      db,
      userId: requireAuth(request).userId,
      address: request.body.address,
      note: request.body.note,
      production,
    }),
  );

  registerEndpoint(app, deleteIpAllowlistEntry, (request) =>
    allowlist.removeIpAllowlistEntry({
      db,
      userId: requireAuth(request).userId,
      id: request.params.id,
    }),
  );
}
