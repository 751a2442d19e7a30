import { isDatabaseUnavailableError } from '@stratus/db';
import type { FastifyBaseLogger } from 'fastify';

/** A job running on a timer; `stop` ends the timer and waits for a run in progress. */
export interface PeriodicJob {
  stop(): Promise<void>;
}

/**
 * Runs `run` at once, then every `intervalMs` until stopped. A slow run is never stacked with the
 * next one, and `stop` waits for a run in progress so the database does not close under it.
 * Errors are logged, never thrown.
 */
export function startPeriodicJob({
  name,
  intervalMs,
  log,
  run,
}: {
  name: string;
  intervalMs: number;
  log: FastifyBaseLogger;
  run: () => Promise<void>;
}): PeriodicJob {
  let running: Promise<void> | undefined;
  let stopped = false;
  const runOnce = async () => {
    try {
      await run();
    } catch (error) {
      // A restarting or unreachable database is waited out: the next tick simply tries again.
      const message = isDatabaseUnavailableError(error)
        ? 'background job run failed: the database is unavailable, retrying on the next run'
        : 'background job run failed';
      log.warn({ err: error, job: name }, message);
    }
  };
  const tick = () => {
    if (stopped) return;
    running ??= runOnce().finally(() => {
      running = undefined;
    });
  };

  // Unref'd: a timer alone never keeps the process alive; the shutdown stops it explicitly.
  const timer = setInterval(tick, intervalMs).unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
