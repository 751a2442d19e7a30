import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace: `npm test` runs them all.
export default defineConfig({
  test: {
    // Most suites wait on PostgreSQL, child processes or Chromium rather than compute: on CI's two
    // cores four workers finish the server suites in about two thirds of the time two take.
    maxWorkers: 4,
    projects: [
      {
        test: {
          name: 'contract',
          environment: 'node',
          include: ['packages/contract/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          // The suites share no module state that matters (no mocks; every suite builds its own
          // app and database), so a worker keeps its loaded modules from file to file: loading
          // them again per file was about 40% of the project's time.
          isolate: false,
          include: ['packages/db/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'gateway',
          environment: 'node',
          include: ['apps/gateway/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'scripts',
          environment: 'node',
          // The repository's own rules: import cycles and the lint import boundaries.
          include: ['scripts/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      './apps/web',
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          // The browser journeys run beside each other and beside the other projects' files.
          // With `fileParallelism: false` Vitest ran them one at a time after every other file,
          // a tail of some nine minutes in which mostly one process (Chromium or the server)
          // worked. A file shares nothing with another: its servers bind port 0 (the demo gateway
          // and V2Ray a free port each), its databases are its own, and the web app is built
          // once, by the global setup, before any file starts.
          // Beside other files a journey's first test (Chromium's first page loads, the server's
          // first queries) took close to the minute it had alone: the budget of a started process.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
