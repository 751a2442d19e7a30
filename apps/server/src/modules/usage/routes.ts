import { getTrafficUsage, reportNodeUsage } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth, requireNode } from '../../plugins/auth.ts';
import { rawReply, registerEndpoint } from '../../plugins/contract-routes.ts';
import { lineRateBytesPerSecond } from './batch-bounds.ts';
import * as history from './history.ts';
import * as usage from './service.ts';

/** A full batch (MAX_USAGE_RECORDS records of about 170 bytes) is far above the app's limit. */
export const USAGE_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

export function registerUsageRoutes(app: FastifyInstance): void {
  const bytesPerSecond = lineRateBytesPerSecond(app.config.nodeMaxLineRateGbits);
  registerEndpoint(
    app,
    reportNodeUsage,
    async (request) => {
      const nodeId = requireNode(request).id;
      const result = await usage.recordUsageBatch({
        db: app.db,
        nodeId,
        batch: request.body,
        bytesPerSecond,
      });
      if (result.notOnNode > 0) {
        // A node reporting subjects it does not serve is misconfigured, stale or forging.
        request.log.warn(
          { nodeId, batchId: result.batchId, notOnNode: result.notOnNode },
          'usage records for subjects not on the reporting node were not charged',
        );
      }
      return result;
    },
    { bodyLimit: USAGE_BODY_LIMIT_BYTES },
  );

  registerEndpoint(app, getTrafficUsage, async (request) => {
    const { userId } = requireAuth(request);
    const { format, ...query } = request.query;
    if (format === 'csv') {
      const file = await history.exportUsageCsv({
        db: app.db,
        userId,
        query,
        locale: request.locale,
      });
      return rawReply({
        contentType: 'text/csv; charset=utf-8',
        body: file.body,
        headers: { 'content-disposition': `attachment; filename="${file.fileName}"` },
      });
    }
    return history.getUsageSeries({ db: app.db, userId, query });
  });
}
