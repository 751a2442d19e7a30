import { getHealth, readZoneOffsets, zoneOffsetAt } from '@stratus/contract';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zoneOffsetMs } from '../business-time.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callEndpoint } from '../../test/call-endpoint.ts';

const indexHtml = `<!doctype html>
<html><head><meta name="csp-nonce" content="__CSP_NONCE__"><meta name="business-time-zone" content="__BUSINESS_TIME_ZONE__" data-offsets="__BUSINESS_TIME_OFFSETS__"><script type="module" src="/assets/x.js"></script></head>
<body><div id="root"></div></body></html>`;

const appScript = 'export const greeting = "hello";\n'.repeat(100);

function metaNonce(html: string): string | undefined {
  return /<meta name="csp-nonce" content="([^"]+)">/.exec(html)?.[1];
}

function metaTimeZone(html: string): string | undefined {
  return /<meta name="business-time-zone" content="([^"]+)"/.exec(html)?.[1];
}

function metaTimeZoneOffsets(html: string): string | undefined {
  return /<meta name="business-time-zone" [^>]*data-offsets="([^"]*)">/.exec(html)?.[1];
}

describe.each(testEngines)('web app serving on %s', (engine) => {
  let testApp: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(os.tmpdir(), 'stratus-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), indexHtml);
    await writeFile(path.join(distDir, 'assets/x.js'), 'console.log("x")');
    await writeFile(path.join(distDir, 'favicon.svg'), '<svg/>');
    // What the build writes beside each asset (apps/web/build/precompress.ts).
    await writeFile(path.join(distDir, 'assets/app.js'), appScript);
    await writeFile(path.join(distDir, 'assets/app.js.br'), brotliCompressSync(appScript));
    await writeFile(path.join(distDir, 'assets/app.js.gz'), gzipSync(appScript));
    testApp = await createTestApp(engine, { env: { WEB_DIST_DIR: distDir } });
  });
  afterAll(async () => {
    await testApp?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('serves index.html for client-side routes with a fresh nonce matching the CSP', async () => {
    const first = await testApp.app.inject({ url: '/console/overview' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/text\/html/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const nonce = metaNonce(first.body);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.body).not.toContain('__CSP_NONCE__');
    expect(first.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    const second = await testApp.app.inject({ url: '/portal/home?redirect=%2Fconsole' });
    expect(metaNonce(second.body)).not.toBe(nonce);
  });

  it('tells the page the business time zone, Asia/Shanghai by default or BUSINESS_TIMEZONE', async () => {
    expect(metaTimeZone((await testApp.app.inject({ url: '/console/wallet' })).body)).toBe(
      'Asia/Shanghai',
    );
    const losAngeles = await createTestApp(engine, {
      env: { WEB_DIST_DIR: distDir, BUSINESS_TIMEZONE: 'America/Los_Angeles' },
    });
    try {
      const page = await losAngeles.app.inject({ url: '/console/wallet' });
      expect(metaTimeZone(page.body)).toBe('America/Los_Angeles');
      expect(page.body).not.toContain('__BUSINESS_TIME_ZONE__');
      const now = Date.now();
      const offsets = readZoneOffsets(metaTimeZoneOffsets(page.body));
      expect(zoneOffsetAt(offsets!, now)! * 60_000).toBe(zoneOffsetMs(now, 'America/Los_Angeles'));
    } finally {
      await losAngeles.close();
    }
  });

  it('writes the zone’s offsets from 400 days ago to 400 days ahead beside it', async () => {
    const page = await testApp.app.inject({ url: '/console/overview' });
    expect(page.body).not.toContain('__BUSINESS_TIME_OFFSETS__');
    const offsets = readZoneOffsets(metaTimeZoneOffsets(page.body));
    const now = Date.now();
    const DAY_MS = 86_400_000;
    expect(offsets!.from).toBeLessThanOrEqual(now - 400 * DAY_MS);
    expect(offsets!.to).toBeGreaterThan(now + 400 * DAY_MS);
    // Shanghai: UTC+8 throughout.
    expect(offsets).toMatchObject({ offset: 480, changes: [] });
    expect(zoneOffsetAt(offsets!, now)).toBe(480);
  });

  it('serves the page itself at / and /index.html, never the raw template', async () => {
    for (const url of ['/', '/index.html']) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(metaNonce(response.body)).toBeTruthy();
      expect(response.body).not.toContain('__CSP_NONCE__');
    }
  });

  it('serves hashed assets with a long immutable cache and other files revalidated', async () => {
    const asset = await testApp.app.inject({ url: '/assets/x.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("x")');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await testApp.app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed copy the client accepts: brotli, then gzip, else identity', async () => {
    const br = await testApp.app.inject({
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(appScript);

    const gz = await testApp.app.inject({
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(appScript);

    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const plain = await testApp.app.inject({ url: '/assets/app.js', headers });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(appScript);
    }
  });

  it('serves an asset without compressed copies as it is, and the page uncompressed', async () => {
    const asset = await testApp.app.inject({
      url: '/assets/x.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(asset.headers['content-encoding']).toBeUndefined();
    expect(asset.body).toBe('console.log("x")');
    const page = await testApp.app.inject({
      url: '/portal/home',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(metaNonce(page.body)).toBeTruthy();
    expect(metaTimeZone(page.body)).toBe('Asia/Shanghai');
  });

  it('answers a missing file with 404 rather than the page', async () => {
    for (const url of ['/assets/missing.js', '/missing.png']) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('<html');
    }
  });

  it('never answers an /api address with the page', async () => {
    // Literal paths: routing of addresses no endpoint has.
    for (const url of ['/api/anything', '/api/anything.js', '/api', '/api/assets/x.js']) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(10401);
    }
  });

  it('does not fall back for other methods', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/console/overview' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<html');
  });
});

describe.each(testEngines)('web app not built, on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  it('says how to build it', async () => {
    const response = await testApp.app.inject({ url: '/console/overview' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/text\/plain/);
    expect(response.body).toContain('npm run build');
  });

  it('still serves the API', async () => {
    const response = await callEndpoint(testApp.app, getHealth);
    expect(response.statusCode).toBe(200);
  });
});
