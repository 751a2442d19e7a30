import { getHealth, login } from '@stratus/contract';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { testEngines } from '@stratus/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callEndpoint } from '../../test/call-endpoint.ts';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

function expectBaseHeaders(response: LightMyRequestResponse) {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-frame-options']).toBe('DENY');
  const policy = directives(String(response.headers['content-security-policy']));
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  const scripts = policy.get('script-src') ?? policy.get('default-src') ?? [];
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(response.headers['strict-transport-security']).toBeUndefined();
}

describe.each(testEngines)('security headers on %s', (engine) => {
  let testApp: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(os.tmpdir(), 'stratus-dist-'));
    await writeFile(
      path.join(distDir, 'index.html'),
      '<html><head><meta name="csp-nonce" content="__CSP_NONCE__"></head></html>',
    );
    testApp = await createTestApp(engine, { env: { WEB_DIST_DIR: distDir } });
  });
  afterAll(async () => {
    await testApp?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('are on API answers, which are not cached', async () => {
    const response = await callEndpoint(testApp.app, getHealth);
    expectBaseHeaders(response);
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('are on errors and 404s', async () => {
    // Literal path: routing of an address no endpoint has.
    expectBaseHeaders(await testApp.app.inject({ url: '/api/nope' }));
    expectBaseHeaders(await callEndpoint(testApp.app, login));
    expectBaseHeaders(await testApp.app.inject({ url: '/missing.png' }));
  });

  it('give the web app its policy with the page’s nonce', async () => {
    const response = await testApp.app.inject({ url: '/console/overview' });
    expectBaseHeaders(response);
    const nonce = /content="([^"]+)"/.exec(response.body)?.[1];
    const policy = directives(String(response.headers['content-security-policy']));
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(policy.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
    expect(policy.get('font-src')).toEqual(["'self'", 'data:']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
  });

  it('give the API documentation a policy without inline or eval scripts', async () => {
    // Literal path: the docs plugin's route, not a contract endpoint.
    const response = await testApp.app.inject({ url: '/api/docs' });
    expectBaseHeaders(response);
    expect(
      directives(String(response.headers['content-security-policy'])).get('script-src'),
    ).toEqual(["'self'"]);
  });

  it('send HSTS only for HTTPS, judged through a trusted proxy', async () => {
    const untrusted = await callEndpoint(testApp.app, getHealth, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();

    const behindProxy = await createTestApp(engine, { env: { TRUST_PROXY: 'true' } });
    try {
      const https = await callEndpoint(behindProxy.app, getHealth, {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const http = await callEndpoint(behindProxy.app, getHealth, {
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
  });
});
