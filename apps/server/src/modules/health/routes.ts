import { getHealth } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import { checkHealth } from './service.ts';

export function registerHealthRoutes(app: FastifyInstance): void {
  registerEndpoint(app, getHealth, () => checkHealth({ database: app.database }));
}
