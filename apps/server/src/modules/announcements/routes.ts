import { listCurrentAnnouncements } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as announcements from './service.ts';

export function registerAnnouncementRoutes(app: FastifyInstance): void {
  registerEndpoint(app, listCurrentAnnouncements, (request) =>
    announcements.listCurrentAnnouncements({ db: app.db, locale: request.locale }),
  );
}
