import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailableError, redactDatabaseError } from './database-errors.ts';
import { createDatabase, sql, users } from './index.ts';
import { createTestDatabase, testEngines, type TestDatabase } from './testing.ts';

const secretHash = 'argon2-secret-hash-0f3a';
const secretToken = 'token-ciphertext-9c1d';

/** Everything a logger could print of the error: messages, stacks, every property, causes. */
function printed(error: unknown): string {
  return inspect(error, { depth: 10, showHidden: true });
}

async function failure(attempt: () => Promise<unknown>): Promise<unknown> {
  try {
    await attempt();
  } catch (error) {
    return error;
  }
  throw new Error('expected the query to fail');
}

describe.each(testEngines)('database errors on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database?.close());

  const insertUser = (email: string) =>
    database.db.insert(users).values({
      email,
      passwordHash: secretHash,
      apiTokenHash: email,
      apiTokenCiphertext: secretToken,
    });

  it('logs a failed INSERT with its SQL and constraint, without the values', async () => {
    await insertUser('taken@example.com');
    const error = await failure(() => insertUser('taken@example.com'));
    // The raw error carries the values twice: drizzle's params, PostgreSQL's detail.
    expect(printed(error)).toContain(secretHash);
    expect(isDatabaseUnavailableError(error)).toBe(false);

    const redacted = redactDatabaseError(error);
    const text = printed(redacted);
    expect(text).not.toContain(secretHash);
    expect(text).not.toContain(secretToken);
    expect(text).not.toContain('taken@example.com');
    expect(text).toContain('insert into "users"');
    expect(text).toContain('23505');
    expect(text).toContain('users_email_key');
    expect(redacted).toBeInstanceOf(Error);
    expect((redacted as Error).stack).toMatch(/^Error: Failed query: insert into "users"/);
    // The original is left alone: the request handler still reads it.
    expect(printed(error)).toContain(secretHash);
  });

  it('keeps the input PostgreSQL quotes in a data exception out of the log', async () => {
    const error = await failure(() => database.db.execute(sql`select ${secretToken}::uuid`));
    const redacted = redactDatabaseError(error) as Error & { cause: Error & { code: string } };
    expect(printed(redacted)).not.toContain(secretToken);
    expect(redacted.cause.message).toBe('invalid input syntax for type uuid: "[redacted]"');
    expect(redacted.cause.code).toBe('22P02');
  });

  it('passes other errors through untouched', () => {
    const error = new Error('plain', { cause: new Error('inner') });
    expect(redactDatabaseError(error)).toBe(error);
    expect(isDatabaseUnavailableError(error)).toBe(false);
    expect(isDatabaseUnavailableError('not an error')).toBe(false);
  });
});

describe('unavailable databases', () => {
  // Starting a PGlite takes a while on a busy machine.
  it('recognises a closed PGlite', { timeout: 120_000 }, async () => {
    const database = await createDatabase({ dataDir: 'memory://' });
    await database.close();
    const error = await failure(() => database.db.execute(sql`select 1`));
    expect(isDatabaseUnavailableError(error)).toBe(true);
    const inTransaction = await failure(() =>
      database.db.transaction((tx) => tx.execute(sql`select 1`)),
    );
    expect(isDatabaseUnavailableError(inTransaction)).toBe(true);
  });

  it.runIf(testEngines.includes('postgres'))(
    'recognises a PostgreSQL server that refuses connections',
    async () => {
      // Port 1 on the loopback: nothing listens, the kernel refuses at once.
      const database = await createDatabase({
        url: 'postgres://postgres@127.0.0.1:1/none',
        onConnectionError: () => {},
      });
      try {
        const error = await failure(() => database.db.execute(sql`select 1`));
        expect(isDatabaseUnavailableError(error)).toBe(true);
      } finally {
        await database.close();
      }
    },
  );

  it('recognises the codes and messages of a lost connection, and only those', () => {
    const withCode = (code: string) => Object.assign(new Error('x'), { code });
    // What drizzle throws: the SQL and its values, the driver's error as the cause.
    const failedQuery = (cause: unknown) =>
      Object.assign(new Error('Failed query: select 1'), { query: 'select 1', params: [], cause });
    for (const code of ['57P01', '57P03', '08006', '08001', '53300']) {
      expect(isDatabaseUnavailableError(withCode(code)), code).toBe(true);
    }
    for (const code of ['ECONNRESET', 'EPIPE', 'ECONNREFUSED']) {
      expect(isDatabaseUnavailableError(failedQuery(withCode(code))), code).toBe(true);
      // A socket error of something else (a payment provider) is not the database's.
      expect(isDatabaseUnavailableError(withCode(code)), code).toBe(false);
    }
    for (const code of ['23505', '42P01', '40001', '22P02', 'ENOENT']) {
      expect(isDatabaseUnavailableError(withCode(code)), code).toBe(false);
    }
    const nested = new Error('Failed query: rollback', {
      cause: new Error('Connection terminated unexpectedly'),
    });
    expect(isDatabaseUnavailableError(nested)).toBe(true);
    expect(isDatabaseUnavailableError(new Error('timeout exceeded when trying to connect'))).toBe(
      true,
    );
    const refusedEverywhere = new AggregateError([withCode('ECONNREFUSED')], 'connect');
    expect(isDatabaseUnavailableError(failedQuery(refusedEverywhere))).toBe(true);
  });
});
