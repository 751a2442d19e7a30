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

/** Sets every security header of the answer to `request`; HSTS only over HTTPS. */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('content-security-policy', policyFor(request));
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  reply.header('x-frame-options', 'DENY');
  reply.header('cross-origin-opener-policy', 'same-origin');
  reply.header('cross-origin-resource-policy', 'same-origin');
  reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
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
