// The address endpoints: confirming by a mailed link, mailing it again, changing the address.
import { changeEmail, resendVerificationEmail, verifyEmail } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import { requestEmailChange } from './email-change.ts';
import * as verification from './email-verification.ts';

export function registerEmailAddressRoutes(app: FastifyInstance): void {
  const { db, config } = app;

  registerEndpoint(app, verifyEmail, (request) =>
    verification.verifyEmail({ db, config, token: request.body.token }),
  );

  registerEndpoint(app, resendVerificationEmail, async (request) => {
    await verification.resendVerificationEmail({ db, config, userId: requireAuth(request).userId });
    return null;
  });

  registerEndpoint(app, changeEmail, (request) =>
    requestEmailChange({
      db,
      config,
      userId: requireAuth(request).userId,
      address: request.ip,
      email: request.body.email,
      password: request.body.password,
    }),
  );
}
