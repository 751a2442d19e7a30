import { listAdminUsers } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as admin from './service.ts';

export function registerAdminRoutes(app: FastifyInstance): void {
  registerEndpoint(app, listAdminUsers, (request) =>
    admin.listUsersForOperator({ db: app.db, query: request.query }),
  );
}
