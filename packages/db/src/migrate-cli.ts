// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database
// under DATA_DIR (default ./data) when no URL is set, then exits.
import path from 'node:path';
import { createDatabase, DataDirectoryInUseError, migrateDatabase } from './index.ts';

const url = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR || './data';
const target = url
  ? `PostgreSQL at ${new URL(url).host}${new URL(url).pathname}`
  : `the embedded database in ${path.resolve(dataDir, 'pglite')}`;

try {
  const database = await createDatabase({ url, dataDir });
  try {
    const { applied } = await migrateDatabase(database);
    process.stdout.write(
      applied.length
        ? `Applied ${applied.length} migration(s) to ${target}: ${applied.join(', ')}\n`
        : `Nothing to apply: ${target} is up to date.\n`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  // A data directory in use is a refusal with its own explanation, not a failure to debug.
  if (error instanceof DataDirectoryInUseError) console.error(error.message);
  else console.error(`Migrating ${target} failed:`, error);
  process.exitCode = 1;
}
