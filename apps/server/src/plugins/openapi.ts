import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_PREFIX } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import serverPackage from '../../package.json' with { type: 'json' };

export const DOCS_PREFIX = `${API_PREFIX}/docs`;

/**
 * The OpenAPI document, generated from the contract schemas of the registered routes, and
 * Swagger UI at `/api/docs` (JSON at `/api/docs/json`). Must be registered before the routes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Stratus API',
        version: serverPackage.version,
        description:
          'Every answer is an envelope `{code, message, data}`: `code` 0 is success, any other ' +
          'code names an error whose message follows `Accept-Language` (zh-CN or en-US).',
      },
      ...(app.config.publicUrl ? { servers: [{ url: app.config.publicUrl }] } : {}),
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A session token from /api/auth/login, the personal API token (stk_…, every scope) or a scoped API key (sk_…, the scopes it was made with: each endpoint names the one it needs)',
          },
        },
      },
    },
    transform: createJsonSchemaTransform({
      skipList: [DOCS_PREFIX, `${DOCS_PREFIX}/`, `${DOCS_PREFIX}/*`, `${DOCS_PREFIX}/static/*`],
    }),
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // No inline scripts: the page works under the strict CSP of the security-headers plugin.
    staticCSP: false,
    uiConfig: { persistAuthorization: false, displayRequestDuration: true },
  });
}
