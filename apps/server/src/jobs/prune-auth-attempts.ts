import type { FastifyInstance } from 'fastify';
import { deleteAttemptsOlderThan } from '../modules/auth/repo.ts';

const EVERY_HOUR_MS = 3_600_000;

/**
 * Deletes sign-in attempts older than any throttle window still needs. Safe on many servers at
 * once: each run is one idempotent DELETE.
 */
export function startAuthAttemptPruning(app: FastifyInstance): void {
  // Every throttle limit, so one added later is never pruned inside its window.
  const longestWindowHours =
    Math.max(...Object.values(app.config.throttle).map((limit) => limit.windowMinutes)) / 60;
  const keepHours = Math.max(24, Math.ceil(longestWindowHours));

  const prune = async () => {
    try {
      const deleted = await deleteAttemptsOlderThan(app.db, keepHours);
      if (deleted) app.log.info({ deleted }, 'pruned old sign-in attempts');
    } catch (error) {
      app.log.warn({ err: error }, 'pruning sign-in attempts failed');
    }
  };

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(prune, EVERY_HOUR_MS).unref();
    void prune();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
