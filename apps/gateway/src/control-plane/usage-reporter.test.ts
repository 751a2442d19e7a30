import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { MAX_USAGE_RECORDS } from '@stratus/contract';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { UsageMeter } from '../credentials/usage-counter.ts';
import { silentLogger } from '../logger.ts';
import { eventually, temporaryDirectories } from '../testing/fixtures.ts';
import { startFakeApi, type FakeApi } from '../testing/fake-api.ts';
import { createApiClient } from './api-client.ts';
import { UsageReporter } from './usage-reporter.ts';

const INSTANCE = '00000000-0000-4000-8000-00000000000a';

describe('the usage reporter', () => {
  let api: FakeApi | undefined;
  const reporters: UsageReporter[] = [];
  const directories = temporaryDirectories('gateway-reporter-');
  afterEach(async () => {
    await Promise.all(reporters.splice(0).map((reporter) => reporter.stop()));
    await api?.stop();
  });
  afterAll(() => directories.removeAll());

  async function reporterFor(dataDir: string, meter = new UsageMeter()) {
    const client = createApiClient({ apiUrl: api!.url, nodeKey: api!.nodeKey, timeoutMs: 1000 });
    const reporter = new UsageReporter({
      api: client,
      meter,
      logger: silentLogger,
      dataDir,
      intervalMs: 60_000,
      maxRetryDelayMs: 1,
    });
    reporters.push(reporter);
    await reporter.start();
    return { reporter, meter };
  }

  it('spools a batch before sending it and deletes it once acknowledged', async () => {
    api = await startFakeApi(null);
    const dataDir = await directories.create();
    const { reporter, meter } = await reporterFor(dataDir);
    await api.stop();
    meter.counterFor('static', INSTANCE).addUp(123);
    await reporter.tick();
    expect(await reporter.pending()).toBe(1);
    await api.start();
    await reporter.tick();
    expect(await reporter.pending()).toBe(0);
    expect(api.totals().get(`static:${INSTANCE}`)).toEqual({ up: 123, down: 0 });
    expect(reporter.delivered).toBe(1);
  });

  it('reports allowlist uses with the next batch, alone when nothing was metered', async () => {
    api = await startFakeApi(null);
    const dataDir = await directories.create();
    const { reporter, meter } = await reporterFor(dataDir);
    const entryId = randomUUID();
    meter.noteAllowlistUse(entryId, Date.parse('2026-05-01T10:00:00Z'));
    meter.noteAllowlistUse(entryId, Date.parse('2026-05-01T09:00:00Z'));
    await reporter.tick();
    expect(api.usageBatches.at(-1)).toMatchObject({
      records: [],
      allowlistUsed: [{ entryId, at: '2026-05-01T10:00:00.000Z' }],
    });
    meter.counterFor('static', INSTANCE).addUp(5);
    meter.noteAllowlistUse(entryId, Date.parse('2026-05-01T11:00:00Z'));
    await reporter.tick();
    expect(api.usageBatches.at(-1)).toMatchObject({
      records: [expect.objectContaining({ subject: INSTANCE, bytesUp: 5 })],
      allowlistUsed: [{ entryId, at: '2026-05-01T11:00:00.000Z' }],
    });
    const sent = api.usageBatches.length;
    await reporter.tick();
    // Nothing new: no batch at all.
    expect(api.usageBatches.length).toBe(sent);
  });

  it('re-sends on start what an earlier run left in the spool, once per batch id', async () => {
    api = await startFakeApi(null);
    const dataDir = await directories.create();
    await api.stop();
    const first = await reporterFor(dataDir);
    first.meter.counterFor('static', INSTANCE).addDown(10);
    await first.reporter.tick();
    first.meter.counterFor('static', INSTANCE).addDown(5);
    await first.reporter.stop();
    expect(await first.reporter.pending()).toBe(2);

    await api.start();
    const second = await reporterFor(dataDir);
    await eventually(
      () => second.reporter.pending(),
      (count) => count === 0,
    );
    expect(api.totals().get(`static:${INSTANCE}`)).toEqual({ up: 0, down: 15 });
    expect([...api.posts.values()]).toEqual([1, 1]);
  });

  it('splits a drain larger than the API takes into several batches', async () => {
    api = await startFakeApi(null);
    const dataDir = await directories.create();
    const { reporter, meter } = await reporterFor(dataDir);
    const subjects = MAX_USAGE_RECORDS + 3;
    for (let index = 0; index < subjects; index += 1)
      meter.counterFor('dynamic', randomUUID()).addUp(1);
    await reporter.tick();
    const sizes = [...api.batches.values()].map((records) => records.length).sort((a, b) => a - b);
    expect(sizes).toEqual([3, MAX_USAGE_RECORDS]);
  });

  it('sends with each batch the interval its bytes were metered in, one after the other', async () => {
    api = await startFakeApi(null);
    const dataDir = await directories.create();
    const meter = new UsageMeter();
    const startedAt = meter.meteringSince;
    const { reporter } = await reporterFor(dataDir, meter);
    meter.counterFor('static', INSTANCE).addUp(7);
    await reporter.tick();
    meter.counterFor('static', INSTANCE).addDown(9);
    await reporter.tick();
    const [first, second] = api.usageBatches;
    expect(api.usageBatches).toHaveLength(2);
    // The first interval starts no earlier than the meter (an empty drain at start moves it on).
    expect(Date.parse(first!.from!)).toBeGreaterThanOrEqual(startedAt.getTime());
    // Each interval starts where the one before ended, and holds its records' time.
    expect(second?.from).toBe(first?.to);
    for (const batch of [first, second]) {
      expect(Date.parse(batch!.from!)).toBeLessThanOrEqual(Date.parse(batch!.to!));
      expect(batch!.records.map((record) => record.at)).toEqual([batch!.to]);
    }
  });

  it('sets aside a batch the API refuses as impossible instead of retrying it forever', async () => {
    api = await startFakeApi(null);
    const dataDir = await directories.create();
    const { reporter, meter } = await reporterFor(dataDir);
    api.refuseUsage = 'usageBatchTooLarge';
    meter.counterFor('static', INSTANCE).addUp(1);
    await reporter.tick();
    expect(await reporter.pending()).toBe(0);
    expect(await readdir(reporter.spool.rejectedDirectory)).toHaveLength(1);
    // Later batches still go through.
    api.refuseUsage = null;
    meter.counterFor('static', INSTANCE).addUp(2);
    await reporter.tick();
    expect(await reporter.pending()).toBe(0);
    expect(api.totals().get(`static:${INSTANCE}`)).toEqual({ up: 2, down: 0 });
  });

  it('recovers a batch whose rename a crash interrupted and drops a torn one', async () => {
    api = await startFakeApi(null);
    const dataDir = await directories.create();
    const spool = path.join(dataDir, 'usage-spool');
    await reporterFor(dataDir).then(({ reporter }) => reporter.stop());
    reporters.splice(0);
    const record = {
      kind: 'static',
      subject: INSTANCE,
      bytesUp: 1,
      bytesDown: 2,
      at: new Date().toISOString(),
    };
    await writeFile(
      path.join(spool, '000000000000001-000001-whole.json.tmp'),
      JSON.stringify({ batchId: 'whole', records: [record] }),
    );
    await writeFile(path.join(spool, '000000000000001-000002-torn.json.tmp'), '{"batchId":"to');
    const { reporter } = await reporterFor(dataDir);
    await eventually(
      () => reporter.pending(),
      (count) => count === 0,
    );
    expect([...api.batches.keys()]).toEqual(['whole']);
    expect(await readdir(spool)).toEqual([]);
  });

  it('sets aside a batch the API rejects as invalid and delivers the rest', async () => {
    api = await startFakeApi(null);
    const dataDir = await directories.create();
    const { reporter, meter } = await reporterFor(dataDir);
    await writeFile(
      path.join(reporter.spool.directory, '000000000000000-000000-bad.json'),
      '"not a batch"',
    );
    meter.counterFor('static', INSTANCE).addUp(1);
    await reporter.tick();
    expect(await reporter.pending()).toBe(0);
    expect(await readdir(reporter.spool.rejectedDirectory)).toEqual([
      '000000000000000-000000-bad.json',
    ]);
    expect(api.totals().get(`static:${INSTANCE}`)).toEqual({ up: 1, down: 0 });
  });
});
