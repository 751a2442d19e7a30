import { PROCESS_TEST_MS } from '@stratus/db/testing';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, type Browser } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

export interface Journey {
  server: RunningServer;
  browser: Browser;
}

/** Beyond the server's start (PROCESS_TEST_MS): Chromium's launch on two busy cores. */
const BROWSER_LAUNCH_MS = 60_000;

/**
 * Gives a describe block the real server process on a fresh database of the given engine and a
 * Chromium to drive it, started before its tests and stopped after them.
 */
export function useJourney(
  engine: 'postgres' | 'pglite',
  options: Parameters<typeof startServer>[2] = {},
): Journey {
  const journey = {} as Journey;
  beforeAll(async () => {
    journey.server = await startServer(engine, {}, options);
    journey.browser = await launchBrowser();
  }, PROCESS_TEST_MS + BROWSER_LAUNCH_MS);
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
  });
  return journey;
}
