import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  updateWebhookEndpoint,
} from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as webhooks from './service.ts';

export function registerWebhookRoutes(app: FastifyInstance): void {
  const services = {
    db: app.db,
    cipher: app.tokenCipher,
    refusePrivate: app.config.nodeEnv === 'production',
  };

  registerEndpoint(app, listWebhookEndpoints, (request) =>
    webhooks.listWebhookEndpoints(services, { userId: requireAuth(request).userId }),
  );

  registerEndpoint(app, createWebhookEndpoint, (request) =>
    webhooks.createWebhookEndpoint(services, {
      userId: requireAuth(request).userId,
      url: request.body.url,
      events: request.body.events,
    }),
  );

  registerEndpoint(app, updateWebhookEndpoint, (request) =>
    webhooks.updateWebhookEndpoint(services, {
      userId: requireAuth(request).userId,
      id: request.params.id,
      changes: request.body,
    }),
  );

  registerEndpoint(app, deleteWebhookEndpoint, (request) =>
    webhooks.deleteWebhookEndpoint(services, {
      userId: requireAuth(request).userId,
      id: request.params.id,
    }),
  );

  registerEndpoint(app, listWebhookDeliveries, (request) =>
    webhooks.listWebhookDeliveries(services, {
      userId: requireAuth(request).userId,
      id: request.params.id,
      page: request.query.page,
      pageSize: request.query.pageSize,
    }),
  );

  registerEndpoint(app, resendWebhookDelivery, (request) =>
    webhooks.resendWebhookDelivery(services, {
      userId: requireAuth(request).userId,
      id: request.params.id,
    }),
  );
}
