import { listStaticIpCatalog, type Locale } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import {
  registerEndpoint,
  serializedEnvelope,
  type RawReply,
} from '../../plugins/contract-routes.ts';
import { CatalogCache } from './catalog-cache.ts';
import * as catalog from './service.ts';

export function registerCatalogRoutes(app: FastifyInstance): void {
  // Read by every customer page that sells: served from memory until a catalog or stock change,
  // as the bytes of its answer (the same for every customer of a language).
  const cache = new CatalogCache<Locale, RawReply>(
    app.config.catalogCacheSeconds * 1000,
    () => app.changeBus.listening,
  );
  app.changeBus.subscribe(cache.onChange);
  registerEndpoint(app, listStaticIpCatalog, async (request) => {
    requireAuth(request);
    const { locale } = request;
    return cache.get(locale, async () =>
      serializedEnvelope(listStaticIpCatalog, {
        items: await catalog.listStaticIpCatalog({ db: app.db, locale }),
      }),
    );
  });
}
