// Mailed-link tokens: kept only as their hash, single use, short lived, and only the newest of a
// purpose works; of many concurrent uses of one link, exactly one succeeds.
import { emailTokens, eq, users, type Tx } from '@stratus/db';
import { createTestDatabase, testEngines, type TestDatabase } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeEmailToken, issueEmailToken, pruneEmailTokensBefore } from './email-tokens-repo.ts';

const MINUTE_MS = 60_000;

describe.each(testEngines)('email tokens on %s', (engine) => {
  let database: TestDatabase;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const [user] = await database.db
      .insert(users)
      .values({
        email: 'links@example.test',
        passwordHash: 'x',
        apiTokenHash: 'h-links',
        apiTokenCiphertext: 'c',
      })
      .returning();
    userId = user!.id;
  });
  afterAll(() => database?.close());

  const issue = (purpose: 'password_reset' | 'email_verification', now: Date) =>
    database.db.transaction((tx: Tx) =>
      issueEmailToken(tx, { userId, purpose, validForMs: 30 * MINUTE_MS, now }),
    );

  it('keeps only the hash, and a token works once', async () => {
    const now = new Date('2026-11-01T00:00:00Z');
    const token = await issue('password_reset', now);
    expect(token).toMatch(/^[\w-]{43}$/);
    const stored = await database.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.userId, userId));
    expect(JSON.stringify(stored)).not.toContain(token);

    const wrongPurpose = await consumeEmailToken(database.db, {
      token,
      purpose: 'email_verification',
      now,
    });
    expect(wrongPurpose).toBeUndefined();
    const used = await consumeEmailToken(database.db, { token, purpose: 'password_reset', now });
    expect(used?.userId).toBe(userId);
    expect(
      await consumeEmailToken(database.db, { token, purpose: 'password_reset', now }),
    ).toBeUndefined();
  });

  it('expires, and a newer token voids the older one', async () => {
    const now = new Date('2026-11-02T00:00:00Z');
    const old = await issue('password_reset', now);
    const late = new Date(now.getTime() + 30 * MINUTE_MS);
    expect(
      await consumeEmailToken(database.db, { token: old, purpose: 'password_reset', now: late }),
    ).toBeUndefined();

    const first = await issue('password_reset', now);
    const second = await issue('password_reset', now);
    expect(
      await consumeEmailToken(database.db, { token: first, purpose: 'password_reset', now }),
    ).toBeUndefined();
    expect(
      await consumeEmailToken(database.db, { token: second, purpose: 'password_reset', now }),
    ).toBeDefined();
  });

  it('gives one link to exactly one of many concurrent uses', async () => {
    const now = new Date('2026-11-03T00:00:00Z');
    const token = await issue('email_verification', now);
    const uses = await Promise.all(
      Array.from({ length: 10 }, () =>
        consumeEmailToken(database.db, { token, purpose: 'email_verification', now }),
      ),
    );
    expect(uses.filter(Boolean)).toHaveLength(1);
  });

  it('prunes expired tokens', async () => {
    expect(await pruneEmailTokensBefore(database.db, new Date('2026-12-01T00:00:00Z'))).toBe(5);
  });
});
