import type { FastifyInstance } from 'fastify';
import { deleteAttemptsOlderThan } from '../modules/auth/repo.ts';

const EVERY_HOUR_MS = 3_600_000;

/**
 * Deletes sign-in attempts older than any throttle window still needs. Safe on many servers at
 * once: each run is one idempotent DELETE.
 */
export function startAuthAttemptPruning(app: FastifyInstance): void {
  const { loginPerAccount, loginPerAddress, registerPerAddress } = app.config.throttle;
  const longestWindowHours =
    Math.max(
      loginPerAccount.windowMinutes,
      loginPerAddress.windowMinutes,
      registerPerAddress.windowMinutes,
    ) / 60;
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
