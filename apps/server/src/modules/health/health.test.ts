import { API_PREFIX, getHealth } from '@stratus/contract';
import { rm } from 'node:fs/promises';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';

describe.each(testEngines)(`${getHealth.method} ${API_PREFIX}${getHealth.path} on %s`, (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  it('answers ok with the engine name and the database round trip', async () => {
    const response = await callEndpoint(testApp.app, getHealth);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      code: 0,
      message: 'ok',
      data: { status: 'ok', database: engine, version: '0.1.0' },
    });
    expect(body.data.databaseLatencyMs).toBeGreaterThanOrEqual(0);
    expect(body.data.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('answers 503 databaseUnavailable when the database is gone', async () => {
    const broken = await createTestApp(engine);
    try {
      await broken.database.close();
      const response = await callEndpoint(broken.app, getHealth, {
        headers: { 'accept-language': 'en-US' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        code: 10503,
        message: 'The database is unavailable',
        data: null,
      });
    } finally {
      await broken.app.close();
      await rm(broken.config.dataDir, { recursive: true, force: true });
    }
  });
});
