import { listAuditLog } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { rawReply, registerEndpoint } from '../../plugins/contract-routes.ts';
import * as audit from './service.ts';

// Read-only by design: no endpoint edits or deletes an entry (and the table's trigger refuses to).
export function registerAuditRoutes(app: FastifyInstance): void {
  registerEndpoint(app, listAuditLog, async (request) => {
    const { actor, action, target, from, to, format, page, pageSize } = request.query;
    const query = { actor, action, target, from, to };
    if (format === 'csv') {
      const file = await audit.exportAuditLogCsv({ db: app.db, query, locale: request.locale });
      return rawReply({
        contentType: 'text/csv; charset=utf-8',
        body: file.body,
        headers: { 'content-disposition': `attachment; filename="${file.fileName}"` },
      });
    }
    return audit.listAuditLog({ db: app.db, query, page, pageSize });
  });
}
