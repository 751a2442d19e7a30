import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Per-response CSP nonce; empty until `cspNonceOf` first asks for it. */
    cspNonce: string;
  }
}

/** The nonce of this response's CSP, made on first use (only web pages need one). */
export function cspNonceOf(request: FastifyRequest): string {
  request.cspNonce ||= randomBytes(16).toString('base64');
  return request.cspNonce;
}

function webAppPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Ant Design injects its CSS-in-JS <style> elements with the nonce from index.html's meta tag.
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** Swagger UI loads only its own script files; its components set inline styles. */
const docsPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** JSON answers are never rendered as documents: allow nothing at all. */
const apiPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

function isDocsPath(path: string): boolean {
  return path === '/api/docs' || path.startsWith('/api/docs/');
}

function policyFor(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  if (isDocsPath(path)) return docsPolicy;
  if (isApiPath(path)) return apiPolicy;
  return webAppPolicy(cspNonceOf(request));
}

/** The headers every answer carries, whatever its path. */
const commonHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

/**
 * The security headers of an API answer written without a request (a request Node could not
 * parse: client-errors.ts), as `setSecurityHeaders` sets them for one that was.
 */
export const apiAnswerHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': apiPolicy,
  ...commonHeaders,
  'cache-control': 'no-store',
};

/** Sets every security header of the answer to `request`; HSTS only over HTTPS. */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('content-security-policy', policyFor(request));
  reply.headers(commonHeaders);
  if (request.protocol === 'https') {
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  }
  const path = request.url.split('?')[0] ?? '';
  // Account data must not linger in shared or browser caches.
  if (isApiPath(path) && !isDocsPath(path) && !reply.hasHeader('cache-control')) {
    reply.header('cache-control', 'no-store');
  }
}

/**
 * Security headers on every response: API answers, static files, documentation, errors and 404s
 * (onSend runs for all of them; the few answers Fastify makes before routing call
 * `setSecurityHeaders` themselves, see framework-errors.ts). HTTPS is judged through TRUST_PROXY.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.decorateRequest('cspNonce', '');
  app.addHook('onSend', (request, reply, payload, done) => {
    setSecurityHeaders(request, reply);
    done(null, payload);
  });
}
