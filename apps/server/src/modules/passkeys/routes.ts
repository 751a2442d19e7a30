import {
  finishPasskeyRegistration,
  finishPasskeySignIn,
  listPasskeys,
  removePasskey,
  renamePasskey,
  startPasskeyRegistration,
  startPasskeySignIn,
} from '@stratus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as auth from '../auth/public.ts';
import * as passkeys from './service.ts';

export function registerPasskeyRoutes(app: FastifyInstance): void {
  const rpOf = (request: FastifyRequest) =>
    auth.relyingPartyOf(app.config, auth.requestOriginOf(request));

  registerEndpoint(app, listPasskeys, (request) =>
    passkeys.listPasskeys({ db: app.db, userId: requireAuth(request).userId }),
  );

  registerEndpoint(app, startPasskeyRegistration, (request) =>
    passkeys.startPasskeyRegistration({
      db: app.db,
      rp: rpOf(request),
      userId: requireAuth(request).userId,
    }),
  );

  registerEndpoint(app, finishPasskeyRegistration, (request) =>
    passkeys.finishPasskeyRegistration({
      db: app.db,
      rp: rpOf(request),
      userId: requireAuth(request).userId,
      name: request.body.name,
      response: request.body.response,
    }),
  );

  registerEndpoint(app, renamePasskey, (request) =>
    passkeys.renamePasskey({
      db: app.db,
      userId: requireAuth(request).userId,
      id: request.params.id,
      name: request.body.name,
    }),
  );

  registerEndpoint(app, removePasskey, async (request) => {
    await passkeys.removePasskey({
      db: app.db,
      userId: requireAuth(request).userId,
      id: request.params.id,
    });
    return null;
  });

  registerEndpoint(app, startPasskeySignIn, (request) =>
    auth.startPasskeySignIn({ db: app.db, rp: rpOf(request), challenge: request.body.challenge }),
  );

  registerEndpoint(app, finishPasskeySignIn, (request) =>
    auth.signInWithPasskey({
      db: app.db,
      config: app.config,
      cipher: app.tokenCipher,
      rp: rpOf(request),
      challenge: request.body.challenge,
      response: request.body.response,
      client: { ip: request.ip, userAgent: request.headers['user-agent'] },
    }),
  );
}
