import { isDatabaseUnavailableError } from '@stratus/db';
import type { FastifyInstance } from 'fastify';

/**
 * Runs `run` every `intervalMs` while the app is up: once when it is ready, then on a timer.
 * A slow run is never stacked with the next one, and closing the app waits for a run in
 * progress so the database does not close under it. Errors are logged, never thrown.
 */
export function startPeriodicJob(
  app: FastifyInstance,
  { name, intervalMs, run }: { name: string; intervalMs: number; run: () => Promise<void> },
): void {
  let running: Promise<void> | undefined;
  const runOnce = async () => {
    try {
      await run();
    } catch (error) {
      // A restarting or unreachable database is waited out: the next tick simply tries again.
      const message = isDatabaseUnavailableError(error)
        ? 'background job run failed: the database is unavailable, retrying on the next run'
        : 'background job run failed';
      app.log.warn({ err: error, job: name }, message);
    }
  };
  const tick = () => {
    running ??= runOnce().finally(() => {
      running = undefined;
    });
  };

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(tick, intervalMs).unref();
    tick();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
