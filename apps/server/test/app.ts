// Helpers for the server's test suites: a built app on a fresh database of the given engine.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type DatabaseEngine } from '@stratus/db';
import { createTestDatabase, type TestDatabase } from '@stratus/db/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import { businessTimeZone, useBusinessTimeZone } from '../src/business-time.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { recordUndeclaredError } from './undeclared-errors.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/**
 * Limits high enough that suites registering many users from one address never trip them;
 * throttling tests lower them through `env`.
 */
const testEnvironment = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
  LOGIN_ACCOUNT_MAX_FAILURES: '1000',
  LOGIN_ACCOUNT_ADDRESS_MAX_FAILURES: '1000',
  LOGIN_ADDRESS_MAX_FAILURES: '1000',
  REGISTER_ADDRESS_MAX: '1000',
  // Suites sign up many users from one address: the proof of work is asked only where tested.
  PROOF_OF_WORK_AFTER: '1000',
  // A challenge the tests' solver answers in a few tries.
  PROOF_OF_WORK_COST: '1',
  PROOF_OF_WORK_MAX_COUNTER: '40',
  // Suites arrange rows directly in the database, which announces nothing: they read every
  // request afresh. The caches' own tests switch them on through `env`.
  SESSION_CACHE_MS: '0',
  CATALOG_CACHE_SECONDS: '0',
};

export async function createTestApp(
  engine: DatabaseEngine,
  {
    env = {},
    logger = false,
    database: given,
  }: {
    env?: Record<string, string>;
    logger?: BuildAppOptions['logger'];
    /** A database of the test's own making (closed with the app) instead of a new one. */
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stratus-test-'));
  const database = given ?? (await createTestDatabase(engine));
  const config = loadConfig(
    {
      ...testEnvironment,
      DATA_DIR: dataDir,
      // No built web app unless a test points here at a fixture.
      WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
      ...env,
    },
    { stdoutIsTty: false },
  );
  // The business time zone is one per process (business-time.ts): an app built with another one
  // hands the zone back when it closes, so the suites after it see the zone they had.
  const zoneBefore = businessTimeZone();
  // An error answer its endpoint does not declare fails the test (testing/undeclared-errors.ts).
  const app = await buildApp({
    config,
    database,
    logger,
    onUndeclaredError: recordUndeclaredError,
  });
  return {
    app,
    database,
    config,
    async close() {
      useBusinessTimeZone(zoneBefore);
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

let userCounter = 0;

/** A unique email for this test run. */
export function uniqueEmail(label = 'user'): string {
  userCounter += 1;
  return `${label}-${userCounter}-${Date.now()}@example.com`;
}

export const testPassword = 'correct horse 42';
