import {
  confirmTotpEnrolment,
  disableTotp,
  getTwoStepStatus,
  regenerateRecoveryCodes,
  startTotpEnrolment,
  startPasskeyStepUp,
  stepUp,
} from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import {
  relyingPartyOf,
  requestOriginOf,
  startPasskeyStepUp as issuePasskeyStepUpOptions,
  stepUpSession,
} from '../auth/public.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as security from './service.ts';

export function registerSecurityRoutes(app: FastifyInstance): void {
  const servicesOf = (userId: string) => ({ db: app.db, cipher: app.tokenCipher, userId });

  registerEndpoint(app, getTwoStepStatus, (request) =>
    security.getTwoStepStatus({ db: app.db, userId: requireAuth(request).userId }),
  );

  registerEndpoint(app, startTotpEnrolment, (request) =>
    security.startTotpEnrolment({
      ...servicesOf(requireAuth(request).userId),
      issuer: app.config.brandName,
    }),
  );

  registerEndpoint(app, confirmTotpEnrolment, (request) =>
    security.confirmTotpEnrolment({
      ...servicesOf(requireAuth(request).userId),
      code: request.body.code,
    }),
  );

  registerEndpoint(app, disableTotp, async (request) => {
    await security.disableTotp({
      ...servicesOf(requireAuth(request).userId),
      code: request.body.code,
    });
    return null;
  });

  registerEndpoint(app, regenerateRecoveryCodes, (request) =>
    security.regenerateRecoveryCodes({
      ...servicesOf(requireAuth(request).userId),
      code: request.body.code,
    }),
  );

  registerEndpoint(app, stepUp, async (request) => {
    await stepUpSession({
      db: app.db,
      config: app.config,
      cipher: app.tokenCipher,
      auth: requireAuth(request),
      proof: request.body,
      address: request.ip,
      rp: () => relyingPartyOf(app.config, requestOriginOf(request)),
    });
    return null;
  });

  registerEndpoint(app, startPasskeyStepUp, (request) =>
    issuePasskeyStepUpOptions({
      db: app.db,
      rp: relyingPartyOf(app.config, requestOriginOf(request)),
      auth: requireAuth(request),
    }),
  );
}
