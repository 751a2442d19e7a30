import {
  createRegion,
  createStaticIpPlan,
  createTrafficPlan,
  deleteStaticIpPlan,
  deleteTrafficPlan,
  listAdminRegions,
  listAdminStaticIpPlans,
  listAdminTrafficPlans,
  updateRegion,
  updateStaticIpPlan,
  updateTrafficPlan,
} from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireStaffActor } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as regions from './admin-regions.ts';
import * as plans from './admin-static-ip-plans.ts';
import * as trafficPlans from './admin-traffic-plans.ts';

export function registerAdminCatalogRoutes(app: FastifyInstance): void {
  registerEndpoint(app, listAdminRegions, async () => ({
    items: await regions.listRegions({ db: app.db }),
  }));

  registerEndpoint(app, createRegion, (request) =>
    regions.createRegion({ db: app.db, actor: requireStaffActor(request), region: request.body }),
  );

  registerEndpoint(app, updateRegion, (request) =>
    regions.updateRegion({
      db: app.db,
      actor: requireStaffActor(request),
      regionId: request.params.id,
      changes: request.body,
    }),
  );

  registerEndpoint(app, listAdminStaticIpPlans, async (request) => ({
    items: await plans.listStaticIpPlans({ db: app.db, ...request.query }),
  }));

  registerEndpoint(app, createStaticIpPlan, (request) =>
    plans.createStaticIpPlan({ db: app.db, actor: requireStaffActor(request), plan: request.body }),
  );

  registerEndpoint(app, updateStaticIpPlan, (request) =>
    plans.updateStaticIpPlan({
      db: app.db,
      actor: requireStaffActor(request),
      planId: request.params.id,
      changes: request.body,
    }),
  );

  registerEndpoint(app, deleteStaticIpPlan, async (request) => {
    await plans.deleteStaticIpPlan({
      db: app.db,
      actor: requireStaffActor(request),
      planId: request.params.id,
    });
    return null;
  });

  registerEndpoint(app, listAdminTrafficPlans, async () => ({
    items: await trafficPlans.listTrafficPlans({ db: app.db }),
  }));

  registerEndpoint(app, createTrafficPlan, (request) =>
    trafficPlans.createTrafficPlan({
      db: app.db,
      actor: requireStaffActor(request),
      plan: request.body,
    }),
  );

  registerEndpoint(app, updateTrafficPlan, (request) =>
    trafficPlans.updateTrafficPlan({
      db: app.db,
      actor: requireStaffActor(request),
      planId: request.params.id,
      changes: request.body,
    }),
  );

  registerEndpoint(app, deleteTrafficPlan, async (request) => {
    await trafficPlans.deleteTrafficPlan({
      db: app.db,
      actor: requireStaffActor(request),
      planId: request.params.id,
    });
    return null;
  });
}
