// The jobs run where server.ts starts them and nowhere else: an app built for `app.inject` tests
// runs none, and `startBackgroundJobs` runs each at once, then on JOBS_INTERVAL_SECONDS.
import { testEngines } from '@stratus/db/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { registerCustomer } from '../../test/accounts.ts';
import { findTrafficPackage, insertTrafficPackage } from '../../test/usage.ts';
import { startBackgroundJobs } from './background-jobs.ts';
import type { PeriodicJob } from './periodic.ts';

const DAY_MS = 86_400_000;

describe.each(testEngines)('background jobs on %s', (engine) => {
  let testApp: TestApp;
  let jobs: PeriodicJob | undefined;
  beforeEach(async () => {
    testApp = await createTestApp(engine, { env: { JOBS_INTERVAL_SECONDS: '1' } });
  });
  afterEach(async () => {
    await jobs?.stop();
    jobs = undefined;
    await testApp?.close();
  });

  /** A traffic package a day past its expiry, still stored as active. */
  async function duePackage(app: TestApp): Promise<string> {
    const { user } = await registerCustomer(app);
    return insertTrafficPackage(app.database.db, {
      userId: user.id,
      totalBytes: 1_000n,
      expiresAt: new Date(Date.now() - DAY_MS),
    });
  }

  it('are not started by buildApp: a ready app leaves due rows alone', async () => {
    const packageId = await duePackage(testApp);
    await testApp.app.ready();
    // Long enough for jobs started on ready (as they once were), every second, to have run.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await findTrafficPackage(testApp.database.db, packageId)).status).toBe('active');
  });

  it('run at once and again every JOBS_INTERVAL_SECONDS until stopped', async () => {
    const db = testApp.database.db;
    const first = await duePackage(testApp);
    jobs = startBackgroundJobs(testApp.app);
    while ((await findTrafficPackage(db, first)).status === 'active') {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Due after the first pass: only a later run, a second on, can expire it.
    const second = await duePackage(testApp);
    while ((await findTrafficPackage(db, second)).status === 'active') {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    await jobs.stop();
    jobs = undefined;
    const third = await duePackage(testApp);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await findTrafficPackage(db, third)).status).toBe('active');
  });
});
