import { createSubUser, deleteSubUser, listSubUsers, updateSubUser } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as subUsers from './service.ts';

export function registerSubUserRoutes(app: FastifyInstance): void {
  const { db, config } = app;

  registerEndpoint(app, listSubUsers, (request) =>
    subUsers.listSubUsers({ db, config, userId: requireAuth(request).userId }),
  );

  registerEndpoint(app, createSubUser, (request) =>
    subUsers.createSubUser({
      db,
      config,
      userId: requireAuth(request).userId,
      name: request.body.name,
      capGb: request.body.capGb ?? null,
    }),
  );

  registerEndpoint(app, updateSubUser, (request) =>
    subUsers.updateSubUser({
      db,
      config,
      userId: requireAuth(request).userId,
      id: request.params.id,
      changes: request.body,
    }),
  );

  registerEndpoint(app, deleteSubUser, (request) =>
    subUsers.deleteSubUser({ db, userId: requireAuth(request).userId, id: request.params.id }),
  );
}
