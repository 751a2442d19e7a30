import { defineConfig } from 'vitest/config';

/**
 * Password hashes at argon2's least cost, only under NODE_ENV=test (apps/server/src/modules/auth/
 * passwords.ts): the suites sign up and sign in thousands of times. The tests of the real cost and
 * of the sign-in timing switch it off for themselves.
 */
const fastPasswordHashes = { STRATUS_TEST_FAST_PASSWORD_HASHES: '1' };

/** The files under e2e/ that start no Chromium and no server process: project `e2e-node`. */
const browserlessE2eFiles = [
  'e2e/gateway.test.ts',
  'e2e/gateway-access.test.ts',
  'e2e/gateway-heartbeat.test.ts',
  'e2e/gateway-replacement.test.ts',
  'e2e/subscription.test.ts',
  'e2e/subscription-rate-limit.test.ts',
];

/** Fails a test after which a test app answered an error its endpoint does not declare. */
const undeclaredErrorsSetup = './apps/server/test/undeclared-errors-setup.ts';

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
          include: [
            'packages/db/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/server/test/**/*.test.ts',
          ],
          env: fastPasswordHashes,
          setupFiles: [undeclaredErrorsSetup],
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
          // The end-to-end files that drive no browser: the gateway against the in-process API
          // on PGlite, with curl and v2ray as its clients. They need neither the web build nor a
          // turn of their own, so they run beside the other projects' files instead of in the
          // serial queue of the browser journeys below.
          name: 'e2e-node',
          environment: 'node',
          include: browserlessE2eFiles,
          env: fastPasswordHashes,
          setupFiles: [undeclaredErrorsSetup],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          exclude: browserlessE2eFiles,
          globalSetup: ['e2e/global-setup.ts'],
          // Inherited by the server processes the journeys start (NODE_ENV=test there too).
          env: fastPasswordHashes,
          // One browser journey at a time. Run beside each other and beside the other projects'
          // files on CI's two cores (load 17), journeys timed out and the whole run took longer,
          // not shorter, so they keep Vitest's serial group after the other files.
          fileParallelism: false,
          // One worker takes the files one after another and keeps its loaded modules (Vitest,
          // playwright-core, the contract): no new process and imports per file. Its own group
          // (groupOrder), after the other projects' files, as the serial queue was before.
          isolate: false,
          sequence: { groupOrder: 1 },
          // A journey's test drives many pages; with Ant Design loaded per console page the
          // operator journey took about a minute on a loaded machine, at the old 60 s limit.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
