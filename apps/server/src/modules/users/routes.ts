import { getMe, rotateApiToken, updateMe } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as users from './service.ts';

export function registerUserRoutes(app: FastifyInstance): void {
  const { db, config, tokenCipher: cipher } = app;
  const settings = config;

  registerEndpoint(app, getMe, async (request) => {
    const auth = requireAuth(request);
    const profile = await users.getProfile({ db, cipher, settings, userId: auth.userId });
    // A scoped key must not read the personal token, which may do everything.
    return auth.apiKey ? { ...profile, apiToken: '' } : profile;
  });

  registerEndpoint(app, updateMe, (request) =>
    users.updateProfile({
      db,
      cipher,
      settings,
      userId: requireAuth(request).userId,
      changes: request.body,
    }),
  );

  registerEndpoint(app, rotateApiToken, async (request) => ({
    apiToken: await users.rotateApiToken({
      db,
      cipher,
      userId: requireAuth(request).userId,
    }),
  }));
}
