import type { FastifyInstance } from 'fastify';
import { expireInstances } from './expire-instances.ts';
import { startPeriodicJob, type PeriodicJob } from './periodic.ts';
import { releaseCooledIps } from './release-cooled-ips.ts';
import { renewDueInstances } from './renew-instances.ts';

/**
 * The static-IP lifecycle, every `intervalMs` on every server: auto-renew, then expire, then
 * release cooled-down IPs. One after the other on purpose: an auto-renew instance that can be paid
 * is renewed before the expiry pass could see it due.
 */
export function startStaticIpJobs(
  app: FastifyInstance,
  { intervalMs }: { intervalMs: number },
): PeriodicJob {
  const { renewAheadHours, cooldownHours } = app.config.staticIps;
  return startPeriodicJob({
    name: 'static-ip-lifecycle',
    intervalMs,
    log: app.log,
    run: async () => {
      const now = new Date();
      const renewals = await renewDueInstances({ db: app.db, log: app.log, renewAheadHours, now });
      if (renewals.renewed || renewals.warned || renewals.failed) {
        app.log.info(renewals, 'auto-renewed instances');
      }
      const { expired } = await expireInstances({ db: app.db, now, cooldownHours });
      if (expired) app.log.info({ expired, cooldownHours }, 'expired instances');
      const { released } = await releaseCooledIps({ db: app.db, now });
      if (released) app.log.info({ released }, 'released cooled-down IPs to the pool');
    },
  });
}
