import {
  defaultLocale,
  errors,
  formatErrorMessage,
  pickLocale,
  type ErrorName,
  type ErrorParams,
  type Locale,
} from '@stratus/contract';
import { isDatabaseUnavailableError } from '@stratus/db';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { describeValidationFailure } from './validation-messages.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request's messages, from `Accept-Language`. */
    locale: Locale;
  }
}

interface Problem {
  kind: ErrorName;
  params?: ErrorParams;
  data?: unknown;
}

/** Fastify's own errors (body parsing, routing) by their code. */
const fastifyErrorKinds: Record<string, ErrorName> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payloadTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedMediaType',
  FST_ERR_CTP_INVALID_TYPE: 'unsupportedMediaType',
  FST_ERR_CTP_EMPTY_TYPE: 'unsupportedMediaType',
};

function toProblem(error: FastifyError, request: FastifyRequest, locale: Locale): Problem {
  if (error instanceof AppError) {
    return { kind: error.kind, params: error.params, data: error.details };
  }
  // A restart, failover or unreachable database is no bug of this request: 503, try again later.
  if (isDatabaseUnavailableError(error)) return { kind: 'serviceTemporarilyUnavailable' };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const failure = describeValidationFailure(
      error.validation,
      error.validationContext,
      request,
      locale,
    );
    const reason = failure.issues[0]?.message ?? '';
    return { kind: 'validationFailed', params: { field: failure.field, reason }, data: failure };
  }
  const known = error.code ? fastifyErrorKinds[error.code] : undefined;
  if (known) return { kind: known };
  const status = error.statusCode ?? 500;
  if (status === 413) return { kind: 'payloadTooLarge' };
  if (status === 415) return { kind: 'unsupportedMediaType' };
  if (status === 403) return { kind: 'forbidden' };
  // Every other client error Fastify raises is about the request's form: bad JSON, bad URL…
  if (status >= 400 && status < 500) return { kind: 'malformedRequest' };
  return { kind: 'internalError' };
}

function sendProblem(reply: FastifyReply, problem: Problem, locale: Locale): FastifyReply {
  const definition = errors[problem.kind];
  return reply.status(definition.status).send({
    code: definition.code,
    message: formatErrorMessage(problem.kind, locale, problem.params),
    data: problem.data ?? null,
  });
}

/** An error answer whose kind the matched route's endpoint does not declare (`endpoint.errors`). */
export interface UndeclaredErrorAnswer {
  /** The route, as `POST /api/orders/static-ip`. */
  route: string;
  kind: ErrorName;
  code: number;
  status: number;
}

/**
 * Every error becomes the envelope `{code, message, data}`; 5xx answers never carry the cause.
 * `onUndeclaredError` hears of every answer of a contract route with an error its endpoint does
 * not declare, which is still sent as it is: the test apps pass it so that the test that provoked
 * the answer fails (testing/undeclared-errors.ts); a production server checks nothing.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  { onUndeclaredError }: { onUndeclaredError?: (answer: UndeclaredErrorAnswer) => void } = {},
): void {
  app.decorateRequest('locale', defaultLocale);
  // Callback hooks where nothing is awaited (here, the security headers, the request log): an
  // async one costs every request a promise and a turn of the microtask queue.
  app.addHook('onRequest', (request, _reply, done) => {
    request.locale = pickLocale(request.headers['accept-language']);
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Errors raised before the onRequest hook ran (a malformed URL) still get the right language.
    const locale = pickLocale(request.headers['accept-language']);
    const problem = toProblem(error, request, locale);
    const { status, code } = errors[problem.kind];
    // Only contract routes have a list: an unknown address (routeNotFound) has none.
    const declared = request.routeOptions.config.answerableErrors;
    if (onUndeclaredError && declared && !declared.has(problem.kind)) {
      const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
      onUndeclaredError({ route, kind: problem.kind, code, status });
    }
    // The logger strips query values from database errors (logger.ts).
    if (problem.kind === 'serviceTemporarilyUnavailable') {
      request.log.warn({ err: error }, 'request failed: the database is unavailable');
    } else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else if (!(error instanceof AppError)) request.log.info({ err: error }, 'request rejected');
    return sendProblem(reply, problem, locale);
  });
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Answer for an `/api` address no route serves, whatever the method. */
export function throwRouteNotFound(request: FastifyRequest): never {
  const path = (request.url.split('?')[0] ?? '').slice(0, 200);
  throw new AppError('routeNotFound', { method: request.method, path });
}
