// Requests Node's HTTP parser refuses before Fastify sees them (headers over `maxHeaderSize`, a
// malformed request line or header, a request that does not arrive in time): answered in the
// envelope with the security headers, like every other answer, instead of Node's or Fastify's
// own bare text. Nothing of the request is read: its language is unknown, so the default one.
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import { errors, formatErrorMessage, pickLocale, type ErrorName } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { apiAnswerHeaders } from './security-headers.ts';

/** What each of Node's client errors is, by its code; anything else is a malformed request. */
const clientErrorKinds: Record<string, ErrorName> = {
  HPE_HEADER_OVERFLOW: 'headersTooLarge',
  ERR_HTTP_REQUEST_TIMEOUT: 'requestTimedOut',
};

/** The whole HTTP answer to a request that could not be parsed, as bytes for the socket. */
export function clientErrorAnswer(errorCode: string | undefined): Buffer {
  const kind = clientErrorKinds[errorCode ?? ''] ?? 'malformedRequest';
  const { status, code } = errors[kind];
  const body = JSON.stringify({
    code,
    message: formatErrorMessage(kind, pickLocale(undefined)),
    data: null,
  });
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
    ...apiAnswerHeaders,
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return Buffer.from(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
}

/** Fastify's `clientErrorHandler`: the answer, then the connection closes. */
export function answerClientError(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  // A reset connection has no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ code: error.code }, 'unparsable request refused');
  if (socket.writable) socket.end(clientErrorAnswer(error.code));
  else socket.destroy();
}
