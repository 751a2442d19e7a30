import {
  getAdminIp,
  getAdminIpOverview,
  importAdminIps,
  IP_IMPORT_MAX_TEXT_LENGTH,
  listAdminIps,
  quarantineAdminIp,
  quarantineAdminIps,
  releaseAdminIp,
  releaseAdminIps,
  retireAdminIp,
  retireAdminIps,
  type ImportAdminIpsBody,
} from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireStaffActor } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as inventory from './admin-service.ts';
import { importIps, toImportResult, type ImportSource } from './import.ts';

/** A CSV of the most characters an import takes, in UTF-8 (up to 4 bytes each), with the JSON around it. */
const IMPORT_BODY_LIMIT_BYTES = IP_IMPORT_MAX_TEXT_LENGTH * 4 + 64 * 1024;

function importSourceOf(body: ImportAdminIpsBody): ImportSource {
  if (body.format === 'csv') return { format: 'csv', text: body.text };
  const { region, lineType, port, vmessPort } = body;
  return { format: 'ranges', text: body.text, defaults: { region, lineType, port, vmessPort } };
}

/** The operator console's IP inventory (`/api/admin/ips…`). */
export function registerAdminInventoryRoutes(app: FastifyInstance): void {
  registerEndpoint(app, listAdminIps, async (request) => {
    const { page, pageSize, ...query } = request.query;
    return inventory.listAdminIps({ db: app.db, locale: request.locale, query, page, pageSize });
  });

  registerEndpoint(app, getAdminIpOverview, async (request) =>
    inventory.getAdminIpOverview({ db: app.db, locale: request.locale }),
  );

  registerEndpoint(app, getAdminIp, async (request) =>
    inventory.getAdminIp({ db: app.db, id: request.params.id, locale: request.locale }),
  );

  registerEndpoint(
    app,
    importAdminIps,
    async (request) => {
      const outcome = await importIps({
        db: app.db,
        actor: requireStaffActor(request),
        nodeName: request.body.node,
        source: importSourceOf(request.body),
        dryRun: request.body.dryRun,
        locale: request.locale,
      });
      return toImportResult(outcome, request.locale);
    },
    { bodyLimit: IMPORT_BODY_LIMIT_BYTES },
  );

  const changes = [
    [quarantineAdminIp, quarantineAdminIps, 'quarantine'],
    [releaseAdminIp, releaseAdminIps, 'release'],
    [retireAdminIp, retireAdminIps, 'retire'],
  ] as const;
  for (const [one, several, change] of changes) {
    registerEndpoint(app, one, async (request) => {
      const [ip] = await inventory.changeIpStatus({
        db: app.db,
        actor: requireStaffActor(request),
        ids: [request.params.id],
        change,
        reason: request.body.reason ?? '',
        locale: request.locale,
      });
      return ip!;
    });
    registerEndpoint(app, several, async (request) => ({
      items: await inventory.changeIpStatus({
        db: app.db,
        actor: requireStaffActor(request),
        ids: request.body.ids,
        change,
        reason: request.body.reason ?? '',
        locale: request.locale,
      }),
    }));
  }
}
