// Which errors an endpoint can answer: the ones every endpoint of its kind can, worked out here
// once from its method, path and access, and the ones its definition declares (`errors`). The
// OpenAPI document lists them per status, and the server's tests fail on a code outside them.
import { endpointScopeOf, type EndpointAccess, type EndpointDefinition } from './endpoint.ts';
import { errors, type ErrorName } from './errors.ts';

/**
 * What any request may be answered with before or beside what it asks: a field out of its schema
 * (every query refuses unknown keys), a request Node or Fastify cannot parse, headers too large or
 * a request too slow to arrive, a database lost on the way, and the unexpected.
 */
const anyRequestErrors = [
  'validationFailed',
  'malformedRequest',
  'headersTooLarge',
  'requestTimedOut',
  'internalError',
  'serviceTemporarilyUnavailable',
] as const satisfies readonly ErrorName[];

/** Refused while reading a body, which Fastify reads for every method but GET. */
const bodyErrors = [
  'payloadTooLarge',
  'unsupportedMediaType',
] as const satisfies readonly ErrorName[];

/** The router refuses a path parameter longer than it takes before any route runs. */
const pathParameterErrors = ['urlTooLong'] as const satisfies readonly ErrorName[];

/** What the guard of each access answers (`apps/server/src/plugins/auth.ts`). */
const accessErrors: Record<EndpointAccess, readonly ErrorName[]> = {
  public: [],
  user: ['unauthorized', 'apiTokenReplaced'],
  staff: [
    'unauthorized',
    'apiTokenReplaced',
    'forbidden',
    'staffPermissionMissing',
    'apiKeyNotAllowed',
    'staffTwoStepRequired',
  ],
  node: ['nodeKeyInvalid'],
};

type EndpointShape = Pick<EndpointDefinition, 'method' | 'path' | 'access' | 'scope' | 'stepUp'>;

/**
 * What an API key is refused with on a `user` endpoint: a call from outside its sources, and one
 * its scopes do not cover (no key may call an `account` endpoint).
 */
function apiKeyErrorsOf(endpoint: EndpointShape): ErrorName[] {
  if (endpoint.access !== 'user') return [];
  return [
    'apiKeySourceRefused',
    endpointScopeOf(endpoint) === 'account' ? 'apiKeyNotAllowed' : 'apiKeyScopeMissing',
  ];
}

/** The errors every endpoint of this method, path and access can answer, whatever it does. */
export function commonErrorsOf(endpoint: EndpointShape): ErrorName[] {
  return [
    ...anyRequestErrors,
    ...(endpoint.method === 'GET' ? [] : bodyErrors),
    ...(endpoint.path.includes('/:') ? pathParameterErrors : []),
    ...accessErrors[endpoint.access],
    ...apiKeyErrorsOf(endpoint),
    // A session whose factor is older than the step-up window (`stepUp`).
    ...(endpoint.stepUp ? (['stepUpRequired'] as const) : []),
  ];
}

/** Every error the endpoint can answer, common and declared, by ascending code. */
export function answerableErrorsOf(endpoint: EndpointShape & Pick<EndpointDefinition, 'errors'>) {
  const names = new Set<ErrorName>([...commonErrorsOf(endpoint), ...endpoint.errors]);
  return [...names].sort((a, b) => errors[a].code - errors[b].code);
}

/** `answerableErrorsOf` grouped by HTTP status, by ascending status. */
export function answerableErrorsByStatus(
  endpoint: EndpointShape & Pick<EndpointDefinition, 'errors'>,
): Map<number, ErrorName[]> {
  const byStatus = new Map<number, ErrorName[]>();
  for (const name of answerableErrorsOf(endpoint)) {
    const { status } = errors[name];
    byStatus.set(status, [...(byStatus.get(status) ?? []), name]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}
