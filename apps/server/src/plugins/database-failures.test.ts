// How a failing database reaches the client and the log: a lost database is a 503 to try again,
// a real bug stays a 500, and neither log line carries the values the query was sent.
import { Writable } from 'node:stream';
import { defineEndpoint, getHealth, register } from '@stratus/contract';
import { createDatabase, sql, type Database } from '@stratus/db';
import {
  createTestDatabase,
  terminateOtherBackends,
  testEngines,
  waitForSleepingBackends,
} from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { registerEndpoint } from './contract-routes.ts';
import { callEndpoint } from '../../test/call-endpoint.ts';

// Test-only endpoints, registered through the same helper as the real ones.
const slowTransaction = defineEndpoint({
  method: 'POST',
  path: '/test/slow-transaction',
  summary: 'test',
  tag: 'test',
  access: 'public',
  errors: [],
  response: z.null(),
});
const closedDatabaseQuery = defineEndpoint({
  method: 'GET',
  path: '/test/closed-database',
  summary: 'test',
  tag: 'test',
  access: 'public',
  errors: [],
  response: z.null(),
});
const brokenQuery = defineEndpoint({
  method: 'GET',
  path: '/test/broken-query',
  summary: 'test',
  tag: 'test',
  access: 'public',
  errors: [],
  response: z.null(),
});

const unavailableInEnglish = {
  code: 10504,
  message: 'The service is temporarily unavailable, please try again shortly',
  data: null,
};

describe.each(testEngines)('database failures on %s', (engine) => {
  let testApp: TestApp;
  let closedDatabase: Database;
  const logLines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    testApp = await createTestApp(engine, {
      logger: { level: 'warn', stream },
      env: { REGISTER_ADDRESS_MAX: '1000' },
    });
    closedDatabase =
      engine === 'pglite'
        ? await createDatabase({ dataDir: 'memory://' })
        : await createTestDatabase('postgres');
    await closedDatabase.close();
    const { app } = testApp;
    registerEndpoint(app, slowTransaction, async () => {
      await app.db.transaction((tx) => tx.execute(sql`select pg_sleep(600)`));
      return null;
    });
    registerEndpoint(app, closedDatabaseQuery, async () => {
      await closedDatabase.db.execute(sql`select 1`);
      return null;
    });
    registerEndpoint(app, brokenQuery, async () => {
      await app.db.execute(sql`select ${'query-value-7f2e'}::int from no_such_table`);
      return null;
    });
  });
  afterAll(() => testApp?.close());

  it('answers 503 serviceTemporarilyUnavailable when the database is gone, in either language', async () => {
    const english = await callEndpoint(testApp.app, closedDatabaseQuery, {
      headers: { 'accept-language': 'en-US' },
    });
    expect(english.statusCode).toBe(503);
    expect(english.json()).toEqual(unavailableInEnglish);
    const chinese = await callEndpoint(testApp.app, closedDatabaseQuery);
    expect(chinese.statusCode).toBe(503);
    expect(chinese.json()).toEqual({
      ...unavailableInEnglish,
      message: '服务暂时不可用，请稍后重试',
    });
  });

  it('keeps a real bug a 500, logged with its SQL but not its values', async () => {
    const response = await callEndpoint(testApp.app, brokenQuery);
    expect(response.statusCode).toBe(500);
    expect(response.json().code).toBe(10500);
    const logged = logLines.join('');
    expect(logged).not.toContain('query-value-7f2e');
    expect(logged).toContain('no_such_table');
    expect(logged).toContain('42P01');
  });

  it('logs a registration the database refuses without the password hash or token', async () => {
    // A constraint the application does not expect: the INSERT fails with every column's value
    // in PostgreSQL's detail ("Failing row contains …") and in drizzle's params.
    await testApp.database.db.execute(
      sql.raw(
        `alter table users add constraint users_test_refusal check (email not like 'refused-%')`,
      ),
    );
    try {
      const email = 'refused-2a9c@example.com';
      const before = logLines.length;
      const response = await callEndpoint(testApp.app, register, {
        body: { email, password: 'correct horse 42' },
      });
      expect(response.statusCode).toBe(500);
      const logged = logLines.slice(before).join('');
      expect(logged).toContain('request failed');
      // The password hash (argon2), the API token's hash and ciphertext, the email.
      expect(logged).not.toContain('$argon2');
      expect(logged).not.toContain(email);
      expect(logged).not.toMatch(/params|Failing row|[0-9a-f]{64}/);
      // What the log keeps to find the cause.
      expect(logged).toContain('users_test_refusal');
      expect(logged).toContain('23514');
      expect(logged).toContain('insert into \\"users\\"');
    } finally {
      await testApp.database.db.execute(
        sql.raw('alter table users drop constraint users_test_refusal'),
      );
    }
  });

  it.runIf(engine === 'postgres')(
    'answers 503 to requests whose connections end mid-transaction, then serves again',
    async () => {
      // A connection of its own to the test database, for watching and ending the app's.
      const admin = await createDatabase({ url: testApp.database.url });
      try {
        const inFlight = Array.from({ length: 5 }, () =>
          callEndpoint(testApp.app, slowTransaction, { headers: { 'accept-language': 'en-US' } }),
        );
        await waitForSleepingBackends(admin, 5);
        await terminateOtherBackends(admin);
        for (const response of await Promise.all(inFlight)) {
          expect(response.statusCode).toBe(503);
          expect(response.json()).toEqual(unavailableInEnglish);
        }
        const health = await callEndpoint(testApp.app, getHealth);
        expect(health.statusCode).toBe(200);
      } finally {
        await admin.close();
      }
    },
  );
});
