import { NODE_HEARTBEAT_RETENTION_DAYS } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { deleteHeartbeatsBefore } from '../modules/nodes/public.ts';
import { startPeriodicJob, type PeriodicJob } from './periodic.ts';

/** A node writes a row a minute: pruning hourly keeps the table at a week plus an hour. */
const EVERY_HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Deletes heartbeat minutes older than `NODE_HEARTBEAT_RETENTION_DAYS` (the node page charts the
 * last day). Safe on many servers at once: each run is one idempotent DELETE.
 */
export function startNodeHeartbeatPruning(app: FastifyInstance): PeriodicJob {
  return startPeriodicJob({
    name: 'node-heartbeat-pruning',
    intervalMs: EVERY_HOUR_MS,
    log: app.log,
    run: async () => {
      const before = new Date(Date.now() - NODE_HEARTBEAT_RETENTION_DAYS * DAY_MS);
      const deleted = await deleteHeartbeatsBefore(app.db, before);
      if (deleted) app.log.info({ deleted }, 'pruned old node heartbeats');
    },
  });
}
