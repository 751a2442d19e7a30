import {
  API_PREFIX,
  SUCCESS_CODE,
  answerableErrorsOf,
  endpointScopeOf,
  envelopeOf,
  refuseUnknownKeys,
  type EndpointAccess,
  type EndpointData,
  type EndpointDefinition,
  type ErrorName,
} from '@stratus/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardFor } from './auth.ts';
import { errorResponsesOf } from './error-responses.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (`endpoint.access`): the request log reads it (request-log.ts). */
    access?: EndpointAccess;
    /** Every error the route's endpoint can answer, common and declared (`answerableErrorsOf`). */
    answerableErrors?: ReadonlySet<ErrorName>;
  }
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler of endpoint `E` receives: the body, query and params its schemas produced. */
export type EndpointRequest<E extends EndpointDefinition> = FastifyRequest<{
  Body: Parsed<E['body']>;
  Querystring: Parsed<E['query']>;
  Params: Parsed<E['params']>;
}>;

/**
 * An answer sent exactly as given, outside the envelope: a file download such as the ledger's
 * CSV export, or a provider callback's plain-text acknowledgement. Make one with `rawReply`.
 */
export class RawReply {
  readonly contentType: string;
  readonly body: string | Buffer;
  readonly headers: Record<string, string>;

  constructor({
    contentType,
    body,
    headers = {},
  }: {
    contentType: string;
    body: string | Buffer;
    headers?: Record<string, string>;
  }) {
    this.contentType = contentType;
    this.body = body;
    this.headers = headers;
  }
}

export function rawReply(options: ConstructorParameters<typeof RawReply>[0]): RawReply {
  return new RawReply(options);
}

/**
 * Returns the envelope's `data` (or, for `raw` endpoints, the whole answer), or a `RawReply`
 * when this request is answered with something else than JSON (`format=csv`).
 */
export type EndpointHandler<E extends EndpointDefinition> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointData<E> | RawReply>;

/** The query of an endpoint that takes none: any parameter is refused, naming it. */
const noQuerySchema = z.strictObject({});

/**
 * What the route validates: the endpoint's body, query and params refusing keys they do not name
 * (a 400 naming the field, never a silent success that changed nothing); headers pass through.
 */
function strictInputOf(endpoint: EndpointDefinition) {
  return {
    ...(endpoint.params ? { params: refuseUnknownKeys(endpoint.params) } : {}),
    querystring: endpoint.query ? refuseUnknownKeys(endpoint.query) : noQuerySchema,
    ...(endpoint.body ? { body: refuseUnknownKeys(endpoint.body) } : {}),
  };
}

/** The text of `message` in every successful envelope. */
export const SUCCESS_MESSAGE = 'ok';

/**
 * `data` in its success envelope, checked against the endpoint's response schema and serialised
 * once: for an answer kept in memory and sent as the same bytes to many callers, so the schema
 * check and JSON.stringify run when it changes rather than on every request.
 */
export function serializedEnvelope<E extends EndpointDefinition>(
  endpoint: E,
  data: EndpointData<E>,
): RawReply {
  const envelope = envelopeOf(endpoint.response).parse({
    code: SUCCESS_CODE,
    message: SUCCESS_MESSAGE,
    data,
  });
  return rawReply({
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(envelope),
  });
}

/**
 * The OpenAPI description: what a staff endpoint's caller needs, or which API key scope a user
 * endpoint needs (`endpointScopeOf`); and whether a session must have stepped up (`stepUp`).
 */
export function descriptionOf(endpoint: EndpointDefinition): string | undefined {
  const access = accessDescriptionOf(endpoint);
  if (!endpoint.stepUp) return access;
  const stepUp =
    'Step-up: a session must have proved its factor (sign-in or `POST /api/user/security/step-up`) ' +
    'within the last 10 minutes, else 403 `stepUpRequired`; the personal token is not asked.';
  return access ? `${access} ${stepUp}` : stepUp;
}

function accessDescriptionOf(endpoint: EndpointDefinition): string | undefined {
  if (endpoint.permission) return `Staff only: needs the \`${endpoint.permission}\` permission.`;
  if (endpoint.access === 'staff') return 'Staff only; API keys (sk_…) are refused.';
  if (endpoint.access !== 'user') return undefined;
  const scope = endpointScopeOf(endpoint);
  return scope === 'account'
    ? 'API key scope: `account`. No API key (sk_…) may call this; a session or the personal token may.'
    : `API key scope: \`${scope}\`. An API key (sk_…) needs this scope; a session or the personal token has every scope.`;
}

/**
 * Registers a contract endpoint: `/api` + its path and method, its schemas for validation and
 * for the OpenAPI document, the access guard of `endpoint.access`, and the success envelope.
 * Paths and shapes come only from the contract object, never written twice.
 */
export function registerEndpoint<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  /** `bodyLimit` (bytes) overrides the app's limit for a route whose bodies are larger by design. */
  options: { bodyLimit?: number } = {},
): void {
  const guard = guardFor(endpoint);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: `${API_PREFIX}${endpoint.path}`,
    schema: {
      summary: endpoint.summary,
      ...(descriptionOf(endpoint) ? { description: descriptionOf(endpoint) } : {}),
      // The API key scope, for tools reading the document (the description says it for people).
      ...(endpoint.access === 'user' ? { 'x-scope': endpointScopeOf(endpoint) } : {}),
      ...(endpoint.stepUp ? { 'x-step-up': true } : {}),
      tags: [endpoint.tag],
      ...(endpoint.access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
      ...strictInputOf(endpoint),
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      // Read by @fastify/swagger for the request body's media type (JSON when absent).
      ...(endpoint.bodyContentType ? { consumes: [endpoint.bodyContentType] } : {}),
      response: {
        200: endpoint.raw ? endpoint.response : envelopeOf(endpoint.response),
        ...errorResponsesOf(endpoint),
      },
    },
    config: { access: endpoint.access, answerableErrors: new Set(answerableErrorsOf(endpoint)) },
    ...(guard ? { onRequest: guard } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (request, reply) => {
      const data = await handler(request as EndpointRequest<E>, reply);
      if (data instanceof RawReply) {
        // A string or buffer with its own content type skips the JSON serializer of `response`.
        return reply.headers(data.headers).type(data.contentType).send(data.body);
      }
      if (endpoint.raw) return data;
      return { code: SUCCESS_CODE, message: SUCCESS_MESSAGE, data };
    },
  });
}
