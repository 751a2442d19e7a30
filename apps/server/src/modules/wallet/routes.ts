import { getWallet, listTransactions } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import { rawReply, registerEndpoint } from '../../plugins/contract-routes.ts';
import * as wallet from './service.ts';

export function registerWalletRoutes(app: FastifyInstance): void {
  registerEndpoint(app, getWallet, async (request) => ({
    wallet: await wallet.getWallet({ db: app.db, userId: requireAuth(request).userId }),
  }));

  registerEndpoint(app, listTransactions, async (request) => {
    const { userId } = requireAuth(request);
    const { type, from, to, format, page, pageSize } = request.query;
    if (format === 'csv') {
      const file = await wallet.exportTransactionsCsv({
        db: app.db,
        userId,
        query: { type, from, to },
        locale: request.locale,
      });
      return rawReply({
        contentType: 'text/csv; charset=utf-8',
        body: file.body,
        headers: { 'content-disposition': `attachment; filename="${file.fileName}"` },
      });
    }
    return wallet.listTransactions({
      db: app.db,
      userId,
      query: { type, from, to },
      page,
      pageSize,
    });
  });
}
