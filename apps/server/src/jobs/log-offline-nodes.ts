import { NODE_OFFLINE_AFTER_SECONDS } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { logNodesGoneOffline } from '../modules/nodes/public.ts';
import { startPeriodicJob, type PeriodicJob } from './periodic.ts';

/**
 * Says (one info line per node) when a gateway node goes offline, which no request marks: its
 * polls just stop. Checked as often as a node takes to count as offline, so the line comes at
 * most that late; each run covers the time since the previous one, so no node is said twice.
 */
export function startOfflineNodeLog(app: FastifyInstance): PeriodicJob {
  let checkedUntil = new Date();
  return startPeriodicJob({
    name: 'offline-node-log',
    intervalMs: NODE_OFFLINE_AFTER_SECONDS * 1000,
    log: app.log,
    run: async () => {
      const now = new Date();
      await logNodesGoneOffline({ db: app.db, log: app.log, since: checkedUntil, now });
      checkedUntil = now;
    },
  });
}
