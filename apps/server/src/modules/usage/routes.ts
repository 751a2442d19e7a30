import { getTrafficUsage, reportNodeUsage } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth, requireNode } from '../../plugins/auth.ts';
import { rawReply, registerEndpoint } from '../../plugins/contract-routes.ts';
import * as usage from './service.ts';

/** A full batch (MAX_USAGE_RECORDS records of about 170 bytes) is far above the app's limit. */
export const USAGE_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

export function registerUsageRoutes(app: FastifyInstance): void {
  registerEndpoint(
    app,
    reportNodeUsage,
    async (request) =>
      usage.recordUsageBatch({
        db: app.db,
        nodeId: requireNode(request).id,
        batchId: request.body.batchId,
        records: request.body.records,
      }),
    { bodyLimit: USAGE_BODY_LIMIT_BYTES },
  );

  registerEndpoint(app, getTrafficUsage, async (request) => {
    const { userId } = requireAuth(request);
    const { format, ...query } = request.query;
    if (format === 'csv') {
      const file = await usage.exportUsageCsv({
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
    return usage.getUsageSeries({ db: app.db, userId, query });
  });
}
