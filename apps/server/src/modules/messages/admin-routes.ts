import {
  getAdminMessage,
  listAdminMessages,
  resendAdminMessage,
  sendTestEmail,
} from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireStaffActor } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as outbox from './admin-service.ts';

export function registerAdminMessageRoutes(app: FastifyInstance): void {
  registerEndpoint(app, listAdminMessages, (request) =>
    outbox.listAdminMessages({ db: app.db, ...request.query }),
  );

  registerEndpoint(app, getAdminMessage, (request) =>
    outbox.getAdminMessage({ db: app.db, id: request.params.id }),
  );

  registerEndpoint(app, resendAdminMessage, (request) =>
    outbox.resendMessage({
      db: app.db,
      actor: requireStaffActor(request),
      id: request.params.id,
    }),
  );

  registerEndpoint(app, sendTestEmail, (request) =>
    outbox.sendTestEmail({
      db: app.db,
      actor: requireStaffActor(request),
      to: request.body.to,
      locale: request.locale,
      mail: app.config.mail,
    }),
  );
}
