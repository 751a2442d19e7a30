// A background job outlives a database restart: the run in flight fails and is logged, the
// process goes on, and the next run works again once the database is back.
import { Writable } from 'node:stream';
import { createDatabase, sql } from '@stratus/db';
import { terminateOtherBackends, testEngines, waitForSleepingBackends } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { startPeriodicJob, type PeriodicJob } from './periodic.ts';

describe.runIf(testEngines.includes('postgres'))('periodic jobs on postgres', () => {
  let testApp: TestApp;
  let job: PeriodicJob | undefined;
  const logLines: string[] = [];
  let runs = 0;
  let successes = 0;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    testApp = await createTestApp('postgres', { logger: { level: 'warn', stream } });
    const { app } = testApp;
    job = startPeriodicJob({
      name: 'test-job',
      intervalMs: 50,
      log: app.log,
      run: async () => {
        runs += 1;
        // The first run holds a transaction open until the database goes away under it.
        const seconds = runs === 1 ? 600 : 0;
        await app.db.transaction((tx) => tx.execute(sql`select pg_sleep(${seconds})`));
        successes += 1;
      },
    });
  });
  afterAll(async () => {
    await job?.stop();
    await testApp?.close();
  });

  it('logs the run the restart broke and runs again afterwards', async () => {
    const admin = await createDatabase({ url: testApp.database.url });
    try {
      await waitForSleepingBackends(admin, 1);
      await terminateOtherBackends(admin);
      while (successes < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await admin.close();
    }
    expect(logLines.join('')).toContain('the database is unavailable, retrying on the next run');
    expect(runs).toBeGreaterThan(2);
  });
});
