import {
  createInstanceCheck,
  exportInstances,
  getInstanceCheck,
  getInstance,
  listInstances,
  quoteRenewal,
  renewInstance,
  renewInstances,
  replaceInstance,
  resetInstancePassword,
  updateInstance,
} from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import { rawReply, registerEndpoint } from '../../plugins/contract-routes.ts';
import { idempotencyKeyOf } from '../checkout/public.ts';
import * as checks from './checks.ts';
import * as renewal from './renewal.ts';
import * as replacement from './replacement.ts';
import { assertEmailVerifiedToSpend } from '../users/public.ts';
import * as instances from './service.ts';

export function registerInstanceRoutes(app: FastifyInstance): void {
  // Registered before `/:id` routes only for readability: find-my-way prefers static segments.
  registerEndpoint(app, exportInstances, async (request) => {
    const { type } = request.params;
    const file = await instances.exportInstances({
      db: app.db,
      userId: requireAuth(request).userId,
      locale: request.locale,
      type,
      ids: request.query.ids,
      encoding: request.query.encoding,
    });
    return rawReply({
      contentType: file.contentType,
      body: file.body,
      headers: { 'content-disposition': `attachment; filename="${file.fileName}"` },
    });
  });

  registerEndpoint(app, listInstances, async (request) => {
    const { page, pageSize, ...query } = request.query;
    return instances.listInstances({
      db: app.db,
      userId: requireAuth(request).userId,
      locale: request.locale,
      query,
      page,
      pageSize,
    });
  });

  registerEndpoint(app, getInstance, async (request) =>
    instances.getInstance({
      db: app.db,
      userId: requireAuth(request).userId,
      instanceId: request.params.id,
      locale: request.locale,
    }),
  );

  registerEndpoint(app, updateInstance, async (request) =>
    instances.updateInstance({
      db: app.db,
      userId: requireAuth(request).userId,
      instanceId: request.params.id,
      locale: request.locale,
      changes: request.body,
    }),
  );

  registerEndpoint(app, resetInstancePassword, async (request) =>
    instances.resetInstancePassword({
      db: app.db,
      userId: requireAuth(request).userId,
      instanceId: request.params.id,
      locale: request.locale,
    }),
  );

  registerEndpoint(app, quoteRenewal, async (request) =>
    renewal.quoteRenewal({
      db: app.db,
      userId: requireAuth(request).userId,
      instanceIds: request.body.ids,
      durationDays: request.body.durationDays,
    }),
  );

  registerEndpoint(app, renewInstances, async (request) => {
    const { userId } = requireAuth(request);
    await assertEmailVerifiedToSpend({
      db: app.db,
      emailVerification: app.config.emailVerification,
      userId,
    });
    return renewal.renewInstances({
      db: app.db,
      userId,
      instanceIds: request.body.ids,
      durationDays: request.body.durationDays,
      locale: request.locale,
      idempotencyKey: idempotencyKeyOf(request),
    });
  });

  registerEndpoint(app, renewInstance, async (request) => {
    const { userId } = requireAuth(request);
    await assertEmailVerifiedToSpend({
      db: app.db,
      emailVerification: app.config.emailVerification,
      userId,
    });
    return renewal.renewInstances({
      db: app.db,
      userId,
      instanceIds: [request.params.id],
      durationDays: request.body.durationDays,
      locale: request.locale,
      idempotencyKey: idempotencyKeyOf(request),
    });
  });

  registerEndpoint(app, replaceInstance, async (request) =>
    replacement.replaceInstance({
      db: app.db,
      userId: requireAuth(request).userId,
      instanceId: request.params.id,
      locale: request.locale,
      reason: request.body.reason,
      idempotencyKey: idempotencyKeyOf(request),
      cooldownHours: app.config.staticIps.cooldownHours,
    }),
  );

  registerEndpoint(app, createInstanceCheck, async (request) =>
    checks.createInstanceCheck({
      db: app.db,
      userId: requireAuth(request).userId,
      instanceId: request.params.id,
    }),
  );

  registerEndpoint(app, getInstanceCheck, async (request) =>
    checks.getInstanceCheck({
      db: app.db,
      userId: requireAuth(request).userId,
      instanceId: request.params.id,
      checkId: request.params.checkId,
    }),
  );
}
