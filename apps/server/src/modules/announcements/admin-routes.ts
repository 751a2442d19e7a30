import {
  createAnnouncement,
  deleteAnnouncement,
  listAdminAnnouncements,
  updateAnnouncement,
} from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireStaffActor } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as announcements from './service.ts';

export function registerAdminAnnouncementRoutes(app: FastifyInstance): void {
  registerEndpoint(app, listAdminAnnouncements, (request) =>
    announcements.listAdminAnnouncements({ db: app.db, ...request.query }),
  );

  registerEndpoint(app, createAnnouncement, (request) =>
    announcements.createAnnouncement({
      db: app.db,
      actor: requireStaffActor(request),
      input: request.body,
    }),
  );

  registerEndpoint(app, updateAnnouncement, (request) =>
    announcements.updateAnnouncement({
      db: app.db,
      actor: requireStaffActor(request),
      id: request.params.id,
      changes: request.body,
    }),
  );

  registerEndpoint(app, deleteAnnouncement, async (request) => {
    await announcements.deleteAnnouncement({
      db: app.db,
      actor: requireStaffActor(request),
      id: request.params.id,
    });
    return null;
  });
}
