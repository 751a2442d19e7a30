import {
  changeEmail,
  changePassword,
  confirmPasswordReset,
  login,
  loginSecondFactor,
  logout,
  proofOfWorkChallenge,
  register,
  requestPasswordReset,
  resendVerificationEmail,
  verifyEmail,
} from '@stratus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as passwordReset from './password-reset.ts';
import { requestEmailChange } from './email-change.ts';
import * as verification from './email-verification.ts';
import * as auth from './service.ts';

function clientOf(request: FastifyRequest): auth.ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

export function registerAuthRoutes(app: FastifyInstance): void {
  const services = {
    db: app.db,
    config: app.config,
    cipher: app.tokenCipher,
    proofs: app.proofsOfWork,
  };

  registerEndpoint(app, proofOfWorkChallenge, () => app.proofsOfWork.issue());

  registerEndpoint(app, register, (request) =>
    auth.register({ ...services, input: request.body, client: clientOf(request) }),
  );

  registerEndpoint(app, login, (request) =>
    auth.login({ ...services, input: request.body, client: clientOf(request) }),
  );

  registerEndpoint(app, loginSecondFactor, (request) => {
    const { body } = request;
    return auth.loginWithSecondFactor({
      ...services,
      challenge: body.challenge,
      proof:
        'code' in body
          ? { kind: 'totp', code: body.code }
          : { kind: 'recovery_code', code: body.recoveryCode },
      client: clientOf(request),
    });
  });

  registerEndpoint(app, logout, async (request) => {
    await auth.logout({ db: app.db, auth: requireAuth(request) });
    return null;
  });

  registerEndpoint(app, changePassword, async (request) => {
    const caller = requireAuth(request);
    await auth.changePassword({
      db: app.db,
      config: app.config,
      userId: caller.userId,
      keepSessionId: caller.sessionId,
      address: request.ip,
      currentPassword: request.body.currentPassword,
      newPassword: request.body.newPassword,
    });
    return null;
  });

  registerEndpoint(app, requestPasswordReset, async (request) => {
    await passwordReset.requestPasswordReset({
      db: app.db,
      config: app.config,
      proofs: app.proofsOfWork,
      email: request.body.email,
      address: request.ip,
      proofOfWork: request.body.proofOfWork,
    });
    return null;
  });

  registerEndpoint(app, confirmPasswordReset, async (request) => {
    await passwordReset.confirmPasswordReset({ db: app.db, ...request.body });
    return null;
  });
  registerEndpoint(app, verifyEmail, (request) =>
    verification.verifyEmail({ db: app.db, token: request.body.token }),
  );

  registerEndpoint(app, resendVerificationEmail, async (request) => {
    await verification.resendVerificationEmail({ db: app.db, userId: requireAuth(request).userId });
    return null;
  });

  registerEndpoint(app, changeEmail, (request) =>
    requestEmailChange({
      db: app.db,
      config: app.config,
      userId: requireAuth(request).userId,
      address: request.ip,
      email: request.body.email,
      password: request.body.password,
    }),
  );
}
