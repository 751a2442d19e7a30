import { getBusinessProfile, updateBusinessProfile } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireStaffActor } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as settings from './service.ts';

export function registerAdminSettingRoutes(app: FastifyInstance): void {
  registerEndpoint(app, getBusinessProfile, () => settings.getBusinessProfile({ db: app.db }));

  registerEndpoint(app, updateBusinessProfile, (request) =>
    settings.updateBusinessProfile({
      db: app.db,
      actor: requireStaffActor(request),
      fields: request.body,
    }),
  );
}
