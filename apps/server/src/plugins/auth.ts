import type { EndpointAccess } from '@stratus/contract';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { authenticateToken, type Authentication } from '../modules/auth/service.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller on guarded routes; null on public ones. */
    auth: Authentication | null;
  }
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
}

/** The token of `Authorization: Bearer <token>`, or null. */
function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer +([\w.~+/=-]{16,256})$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

async function authenticate(request: FastifyRequest): Promise<Authentication> {
  const token = bearerToken(request);
  const auth = token
    ? await authenticateToken({ db: request.server.db, config: request.server.config, token })
    : null;
  if (!auth) throw new AppError('unauthorized');
  request.auth = auth;
  return auth;
}

const guards: Record<EndpointAccess, onRequestAsyncHookHandler | undefined> = {
  public: undefined,
  user: async (request) => {
    await authenticate(request);
  },
  operator: async (request) => {
    const auth = await authenticate(request);
    if (auth.role !== 'operator') throw new AppError('forbidden');
  },
  // Gateway nodes authenticate with node keys, which arrive with the nodes module; until then
  // nothing passes.
  node: async () => {
    throw new AppError('unauthorized');
  },
};

/** The onRequest hook enforcing an endpoint's `access`; undefined for public endpoints. */
export function guardFor(access: EndpointAccess): onRequestAsyncHookHandler | undefined {
  return guards[access];
}

/** The caller of a guarded route (the guard has already rejected anonymous requests). */
export function requireAuth(request: FastifyRequest): Authentication {
  if (!request.auth) throw new AppError('unauthorized');
  return request.auth;
}
