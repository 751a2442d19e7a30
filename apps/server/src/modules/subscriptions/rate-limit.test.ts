import { rateLimitWindows } from '@stratus/db';
import { createTestDatabase, testEngines, type TestDatabase } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneRateLimitWindows, secretKey, takeRateLimit } from './rate-limit.ts';

describe.each(testEngines)('the shared rate limit on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database?.close());

  const at = (ms: number) => new Date(Date.UTC(2026, 10, 29) + ms);
  const take = (key: string, ms: number) =>
    takeRateLimit(database.db, { key, limit: 2, windowMs: 60_000, now: at(ms) });

  it('allows `limit` per window, says when it opens, then starts a new window', async () => {
    expect(await take('a', 0)).toEqual({ allowed: true, retryAfterSeconds: 60 });
    expect((await take('a', 1)).allowed).toBe(true);
    expect(await take('a', 30_000)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    // Another key counts on its own.
    expect((await take('b', 30_000)).allowed).toBe(true);
    expect(await take('a', 60_000)).toEqual({ allowed: true, retryAfterSeconds: 60 });
    expect((await take('a', 60_001)).allowed).toBe(true);
    expect((await take('a', 60_002)).allowed).toBe(false);
  });

  it('lets exactly the limit through when requests arrive at once', async () => {
    const takes = await Promise.all(
      Array.from({ length: 12 }, () =>
        takeRateLimit(database.db, { key: 'burst', limit: 5, windowMs: 60_000, now: at(0) }),
      ),
    );
    expect(takes.filter((result) => result.allowed)).toHaveLength(5);
  });

  it('keys a secret by its digest and prunes windows long over', async () => {
    const key = secretKey('sub', 'the-token-itself');
    expect(key).toMatch(/^sub:[\w-]{43}$/);
    expect(key).not.toContain('the-token-itself');
    await take(key, 0);
    await take('fresh', 3_600_000);
    expect(await pruneRateLimitWindows(database.db, at(1_800_000))).toBeGreaterThanOrEqual(1);
    const keys = (await database.db.select().from(rateLimitWindows)).map((row) => row.key);
    expect(keys).toContain('fresh');
    expect(keys).not.toContain(key);
  });
});
