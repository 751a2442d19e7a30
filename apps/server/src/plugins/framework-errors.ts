import { errors, formatErrorMessage, pickLocale, type ErrorName } from '@stratus/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { setSecurityHeaders } from './security-headers.ts';

/** Errors Fastify's router raises before any route is found, by their code. */
const frameworkErrorKinds: Record<string, ErrorName> = {
  // A malformed percent-escape (`/api/orders/%E0%A4%A`).
  FST_ERR_BAD_URL: 'malformedRequest',
  // A path parameter longer than the router's maxParamLength.
  FST_ERR_MAX_PARAM_LENGTH: 'urlTooLong',
};

/** How much of a rejected URL goes to the log: enough to recognise it, never a flood. */
const LOGGED_URL_LENGTH = 200;

/**
 * Fastify's `frameworkErrors` handler. The router rejects a malformed percent-escape or an
 * over-long path parameter before any route, hook or error handler runs, and by default answers
 * with its own JSON that echoes the whole URL, without our headers. Here those answers become
 * the envelope in the request's language, with the security headers (no onSend hook runs for
 * them) and nothing of the URL.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const kind = frameworkErrorKinds[error.code] ?? 'internalError';
  const definition = errors[kind];
  const url = request.url.slice(0, LOGGED_URL_LENGTH);
  if (definition.status >= 500) request.log.error({ code: error.code, url }, 'request failed');
  else request.log.info({ code: error.code, url }, 'request rejected');
  setSecurityHeaders(request, reply);
  return reply.status(definition.status).send({
    code: definition.code,
    message: formatErrorMessage(kind, pickLocale(request.headers['accept-language'])),
    data: null,
  });
}
