import { errors } from '@stratus/contract';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

// Literal `/api/…` paths throughout: this suite tests the published addresses themselves (the
// document's path listing and the docs routes, which are no contract endpoints).
interface ErrorEnvelope {
  properties: { code: { enum: number[]; 'x-enum-varnames': string[] } };
}

describe.each(testEngines)('API documentation on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  it('generates the OpenAPI document from the contract routes', async () => {
    const response = await testApp.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Stratus API');
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/auth/register',
        '/api/auth/login',
        '/api/user/me',
        '/api/user/wallet',
        '/api/admin/customers',
        '/api/admin/staff',
        '/api/admin/audit-log',
        '/api/admin/orders/{id}/refund',
        '/api/admin/payments/{id}/mark-paid',
      ]),
    );
    // The operator API is documented under one tag, each operation naming its permission.
    const refund = document.paths['/api/admin/orders/{id}/refund'].post;
    expect(refund.tags).toEqual(['admin']);
    expect(refund.description).toMatch(
      /^Staff only: needs the `orders\.refund` permission\. Step-up: .*403 `stepUpRequired`/,
    );
    // Money and access ask a session for a fresh factor, and say so.
    expect(refund['x-step-up']).toBe(true);
    expect(document.paths['/api/user/password'].post['x-step-up']).toBe(true);
    expect(document.paths['/api/admin/orders/{id}'].get['x-step-up']).toBeUndefined();
    expect(refund.responses['403'].description).toContain('stepUpRequired');
    expect(refund.security).toEqual([{ bearerAuth: [] }]);
    // Only contract endpoints are documented, not the docs or the web app's routes.
    expect(Object.keys(document.paths).every((path) => path.startsWith('/api/'))).toBe(true);
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/docs'))).toBe(false);
    const health = document.paths['/api/health'].get;
    expect(health.tags).toEqual(['system']);
    expect(health.security).toBeUndefined();
    expect(health.responses['200'].content['application/json'].schema.properties.data).toBeTruthy();
    expect(document.paths['/api/user/me'].get.security).toEqual([{ bearerAuth: [] }]);
    // Each customer operation names the API key scope it needs; staff ones take no key.
    expect(document.paths['/api/user/me'].get['x-scope']).toBe('read');
    expect(document.paths['/api/orders/static-ip'].post['x-scope']).toBe('purchase');
    expect(document.paths['/api/orders/static-ip'].post.description).toMatch(
      /API key scope: `purchase`/,
    );
    expect(document.paths['/api/user/ip-allowlist'].post['x-scope']).toBe('manage');
    expect(document.paths['/api/user/password'].post['x-scope']).toBe('account');
    expect(document.paths['/api/user/api-keys'].post.description).toMatch(/No API key/);
    expect(refund['x-scope']).toBeUndefined();
    const register = document.paths['/api/auth/register'].post;
    expect(register.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
  });

  it('declares the media types and headers requests really carry', async () => {
    const document = (await testApp.app.inject({ url: '/api/docs/json' })).json();
    // Alipay posts its notification form-encoded, and the route parses only that.
    const notify = document.paths['/api/payments/alipay/notify'].post;
    expect(Object.keys(notify.requestBody.content)).toEqual(['application/x-www-form-urlencoded']);
    for (const path of ['/api/orders/static-ip', '/api/orders/traffic']) {
      expect(document.paths[path].post.parameters).toContainEqual(
        expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false }),
      );
    }
    // Bounds are documented where clients read them.
    const quote = document.paths['/api/orders/static-ip/quote'].post;
    const durationDays =
      quote.requestBody.content['application/json'].schema.properties.durationDays;
    expect(durationDays).toMatchObject({ type: 'integer', maximum: 3650 });
  });

  it('lists per status the error codes each operation can answer', async () => {
    const document = (await testApp.app.inject({ url: '/api/docs/json' })).json();
    const codesOf = (response: { content: { 'application/json': { schema: ErrorEnvelope } } }) =>
      response.content['application/json'].schema.properties.code;
    // A staff operation: its guard's codes under 401 and 403, each with its name and message.
    const refund = document.paths['/api/admin/orders/{id}/refund'].post;
    expect(codesOf(refund.responses['401'])).toMatchObject({
      enum: [errors.unauthorized.code, errors.apiTokenReplaced.code],
      'x-enum-varnames': ['unauthorized', 'apiTokenReplaced'],
    });
    expect(codesOf(refund.responses['403']).enum).toEqual([
      errors.forbidden.code,
      errors.staffPermissionMissing.code,
      errors.stepUpRequired.code,
      errors.staffTwoStepRequired.code,
      errors.apiKeyNotAllowed.code,
    ]);
    expect(refund.responses['403'].description).toContain(
      `\`${errors.staffPermissionMissing.code}\` staffPermissionMissing: ` +
        errors.staffPermissionMissing.message['en-US'],
    );
    // Its own declared errors (`refundOrder.errors`) beside the common ones of their status.
    expect(codesOf(refund.responses['404']).enum).toEqual([errors.orderNotFound.code]);
    expect(codesOf(refund.responses['409'])['x-enum-varnames']).toEqual([
      'idempotencyKeyReused',
      'orderNotRefundable',
      'orderAlreadyRefunded',
    ]);
    expect(refund.responses['422'].description).toContain('refundExceedsRefundable');
    expect(refund.responses['400'].content['application/json'].schema.required).toEqual([
      'code',
      'message',
      'data',
    ]);
    // Only the statuses an operation can answer: no credentials or body asked, none refused.
    const health = document.paths['/api/health'].get;
    expect(Object.keys(health.responses)).not.toContain('401');
    expect(Object.keys(health.responses)).not.toContain('413');
    expect(Object.keys(health.responses)).not.toContain('4XX');
    expect(codesOf(health.responses['500']).enum).toEqual([errors.internalError.code]);
    expect(codesOf(health.responses['503']).enum).toEqual([
      errors.databaseUnavailable.code,
      errors.serviceTemporarilyUnavailable.code,
    ]);
  });

  it('serves Swagger UI at /api/docs with its scripts as files', async () => {
    const page = await testApp.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger-ui');
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const initializer = await testApp.app.inject({
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain('./json');
  });
});
