import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, queryRows, sql } from './index.ts';
import { createTestDatabase, PROCESS_TEST_MS, testEngines, type TestDatabase } from './testing.ts';

const cliEntry = path.join(import.meta.dirname, 'migrate-cli.ts');
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const journalFile = path.resolve(import.meta.dirname, '../migrations/meta/_journal.json');

interface CliRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run db:migrate` as a process of its own, with the given database variables. */
function runMigrateCli(database: { DATABASE_URL?: string; DATA_DIR?: string }): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...database };
  if (!database.DATABASE_URL) delete env.DATABASE_URL;
  return new Promise((resolve) => {
    // process.execPath is the Node 24 running these tests, which runs .ts directly.
    const child = execFile(
      process.execPath,
      [cliEntry],
      { cwd: repoRoot, env },
      (_, stdout, stderr) => resolve({ exitCode: child.exitCode, stdout, stderr }),
    );
  });
}

async function committedMigrationTags(): Promise<string[]> {
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.map((entry) => entry.tag);
}

// Each test starts CLI processes, on PGlite the first on a fresh database: see PROCESS_TEST_MS.
const processBudget = { timeout: PROCESS_TEST_MS };

describe.each(testEngines)('npm run db:migrate on %s', processBudget, (engine) => {
  let database: TestDatabase | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('applies every migration to a fresh database, then finds it up to date', async () => {
    let variables: { DATABASE_URL?: string; DATA_DIR?: string };
    let target: string;
    if (engine === 'postgres') {
      database = await createTestDatabase('postgres', { migrated: false });
      const url = new URL(database.url ?? '');
      variables = { DATABASE_URL: url.href };
      target = `PostgreSQL at ${url.host}${url.pathname}`;
    } else {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'stratus-migrate-'));
      variables = { DATA_DIR: dataDir };
      target = `the embedded database in ${path.join(dataDir, 'pglite')}`;
    }
    const tags = await committedMigrationTags();

    const first = await runMigrateCli(variables);
    expect(first).toEqual({
      exitCode: 0,
      stdout: `Applied ${tags.length} migration(s) to ${target}: ${tags.join(', ')}\n`,
      stderr: '',
    });

    const second = await runMigrateCli(variables);
    expect(second).toEqual({
      exitCode: 0,
      stdout: `Nothing to apply: ${target} is up to date.\n`,
      stderr: '',
    });

    // The CLI's word checked against the database itself. PGlite's files belong to one process,
    // so that one is opened only now that the CLI has exited.
    database ??= await createDatabase({ dataDir });
    const [row] = await queryRows<{ applied: number }>(
      database.db,
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    );
    expect(row?.applied).toBe(tags.length);
  });
});

describe('npm run db:migrate against an unreachable database', processBudget, () => {
  it('says which database failed and exits 1', async () => {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    const run = await runMigrateCli({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/stratus' });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Migrating PostgreSQL at 127.0.0.1:1/stratus failed');
  });
});
