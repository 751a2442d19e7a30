import {
  endpointScopeOf,
  hasPermission,
  isStaffRole,
  type EndpointDefinition,
  type EndpointScope,
} from '@stratus/contract';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import {
  authenticateToken,
  isReplacedApiToken,
  needsStepUp,
  type Authentication,
  SessionCache,
} from '../modules/auth/public.ts';
import {
  authenticateNodeKey,
  NODE_KEY_PREFIX,
  type AuthenticatedNode,
} from '../modules/nodes/public.ts';
import { isSourceAllowed } from '../modules/api-keys/public.ts';
import { assertStaffTwoStepInTime } from '../modules/users/public.ts';
import { AppError } from '../errors.ts';
import type { StaffActor } from '../modules/audit/public.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Recent token checks (SESSION_CACHE_MS), dropped on every revocation. */
    sessionCache: SessionCache<Authentication>;
  }
  interface FastifyRequest {
    /** The authenticated caller on guarded routes; null on public ones. */
    auth: Authentication | null;
    /** The gateway node on node routes (`access: 'node'`); null elsewhere. */
    node: AuthenticatedNode | null;
  }
}

export function registerAuth(app: FastifyInstance): void {
  const sessionCache = new SessionCache<Authentication>(
    app.config.sessions.cacheMs,
    () => app.changeBus.deliveredUpTo,
  );
  app.changeBus.subscribe(sessionCache.onChange);
  app.decorate('sessionCache', sessionCache);
  app.decorateRequest('auth', null);
  app.decorateRequest('node', null);
}

/** The token of `Authorization: Bearer <token>`, or null. */
function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer +([\w.~+/=-]{16,256})$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

async function authenticate(request: FastifyRequest): Promise<Authentication> {
  const token = bearerToken(request);
  // A node key is never a customer credential, whatever tables it might be looked up in.
  const auth =
    token && !token.startsWith(NODE_KEY_PREFIX)
      ? await authenticateToken({
          db: request.server.db,
          config: request.server.config,
          token,
          cache: request.server.sessionCache,
          address: request.ip,
        })
      : null;
  if (!auth) {
    if (token && (await isReplacedApiToken({ db: request.server.db, token }))) {
      throw new AppError('apiTokenReplaced');
    }
    throw new AppError('unauthorized');
  }
  request.auth = auth;
  return auth;
}

/**
 * A user endpoint: any signed-in caller. An API key must also be used from one of its sources and
 * hold the endpoint's scope; no key may call an `account` endpoint.
 */
function userGuard(endpoint: Pick<EndpointDefinition, 'method' | 'scope'>) {
  const scope = endpointScopeOf(endpoint);
  const guard: onRequestAsyncHookHandler = async (request) => {
    const auth = await authenticate(request);
    if (auth.apiKey) checkApiKey(auth.apiKey, scope, request.ip);
  };
  return guard;
}

function checkApiKey(
  key: NonNullable<Authentication['apiKey']>,
  scope: EndpointScope,
  address: string,
): void {
  // The source first: from elsewhere, a key learns nothing about what it may do.
  if (!isSourceAllowed(key.allowedSources, address)) {
    throw new AppError('apiKeySourceRefused', { address });
  }
  if (scope === 'account') throw new AppError('apiKeyNotAllowed');
  if (!key.scopes.includes(scope)) throw new AppError('apiKeyScopeMissing', { scope });
}

// Gateway nodes present the `gnk_` key `npm run admin -- add-node` printed; a disabled node's
// key, a customer token or no key at all is refused alike.
const authenticateNode: onRequestAsyncHookHandler = async (request) => {
  const apiKey = bearerToken(request);
  const node = apiKey ? await authenticateNodeKey({ db: request.server.db, apiKey }) : null;
  if (!node) throw new AppError('nodeKeyInvalid');
  request.node = node;
};

/**
 * Staff endpoints: a customer is refused outright; staff whose role lacks the permission are told
 * which role they hold. The permission table in the contract is the only place this is decided.
 * Staff who must use two-step verification and let the grace pass are refused too.
 */
function staffGuard(endpoint: Pick<EndpointDefinition, 'path' | 'permission'>) {
  const { permission } = endpoint;
  if (!permission) throw new Error(`Staff endpoint ${endpoint.path} names no permission`);
  const guard: onRequestAsyncHookHandler = async (request) => {
    const auth = await authenticate(request);
    // Whatever its owner's role, a scoped key never reaches the operator console.
    if (auth.apiKey) throw new AppError('apiKeyNotAllowed');
    if (!isStaffRole(auth.role)) throw new AppError('forbidden');
    if (!hasPermission(auth.role, permission)) {
      throw new AppError('staffPermissionMissing', { role: auth.role });
    }
    // Past the grace without two-step verification: nothing of the console until it is on.
    await assertStaffTwoStepInTime({
      db: request.server.db,
      policy: request.server.config.staffTwoStep,
      userId: auth.userId,
    });
  };
  return guard;
}

type GuardedEndpoint = Pick<
  EndpointDefinition,
  'access' | 'method' | 'path' | 'permission' | 'scope' | 'stepUp'
>;

/**
 * The onRequest hook enforcing an endpoint's `access`, then its `stepUp` (a session's factor
 * proved within STEP_UP_FRESH_SECONDS); undefined for public endpoints.
 */
export function guardFor(endpoint: GuardedEndpoint): onRequestAsyncHookHandler | undefined {
  const guard = accessGuardFor(endpoint);
  if (!guard || !endpoint.stepUp) return guard;
  const stepUpGuard: onRequestAsyncHookHandler = async function (request, reply) {
    await guard.call(this, request, reply);
    if (needsStepUp(requireAuth(request))) throw new AppError('stepUpRequired');
  };
  return stepUpGuard;
}

function accessGuardFor(endpoint: GuardedEndpoint): onRequestAsyncHookHandler | undefined {
  switch (endpoint.access) {
    case 'public':
      return undefined;
    case 'user':
      return userGuard(endpoint);
    case 'node':
      return authenticateNode;
    case 'staff':
      return staffGuard(endpoint);
  }
}

/** The caller of a guarded route (the guard has already rejected anonymous requests). */
export function requireAuth(request: FastifyRequest): Authentication {
  if (!request.auth) throw new AppError('unauthorized');
  return request.auth;
}

/** The gateway node of a node route (its guard has already rejected everyone else). */
export function requireNode(request: FastifyRequest): AuthenticatedNode {
  if (!request.node) throw new AppError('nodeKeyInvalid');
  return request.node;
}

/** The staff member behind a staff route, for the audit log (the guard has checked the role). */
export function requireStaffActor(request: FastifyRequest): StaffActor {
  const auth = requireAuth(request);
  if (!isStaffRole(auth.role)) throw new AppError('forbidden');
  return { kind: 'staff', userId: auth.userId, role: auth.role, sourceIp: request.ip };
}
