import {
  disableAdminCustomer,
  enableAdminCustomer,
  getAdminCustomer,
  listAdminCustomerInstances,
  listAdminCustomerLedger,
  listAdminCustomerOrders,
  listAdminCustomerPayments,
  listAdminCustomers,
  listAdminCustomerSessions,
  listAdminCustomerTrafficPackages,
  resetAdminCustomerProxyPassword,
  signOutAdminCustomer,
} from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireStaffActor } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as customers from './service.ts';
import * as tabs from './tabs.ts';

export function registerCustomerRoutes(app: FastifyInstance): void {
  registerEndpoint(app, listAdminCustomers, (request) =>
    customers.listCustomers({ db: app.db, query: request.query }),
  );

  registerEndpoint(app, getAdminCustomer, (request) =>
    customers.getCustomer({ db: app.db, config: app.config, id: request.params.id }),
  );

  registerEndpoint(app, listAdminCustomerLedger, (request) =>
    tabs.listCustomerLedger({ db: app.db, customerId: request.params.id, ...request.query }),
  );

  registerEndpoint(app, listAdminCustomerPayments, (request) =>
    tabs.listCustomerPayments({ db: app.db, customerId: request.params.id, ...request.query }),
  );

  registerEndpoint(app, listAdminCustomerOrders, (request) => {
    const { page, pageSize, ...query } = request.query;
    return tabs.listCustomerOrders({
      db: app.db,
      customerId: request.params.id,
      locale: request.locale,
      query,
      page,
      pageSize,
    });
  });

  registerEndpoint(app, listAdminCustomerInstances, (request) =>
    tabs.listCustomerInstances({
      db: app.db,
      customerId: request.params.id,
      locale: request.locale,
      ...request.query,
    }),
  );

  registerEndpoint(app, listAdminCustomerTrafficPackages, (request) =>
    tabs.listCustomerTrafficPackages({
      db: app.db,
      customerId: request.params.id,
      ...request.query,
    }),
  );

  registerEndpoint(app, listAdminCustomerSessions, (request) =>
    tabs.listCustomerSessions({
      db: app.db,
      config: app.config,
      customerId: request.params.id,
      ...request.query,
    }),
  );

  registerEndpoint(app, disableAdminCustomer, (request) =>
    customers.setCustomerStatus({
      db: app.db,
      config: app.config,
      actor: requireStaffActor(request),
      id: request.params.id,
      disabled: true,
      reason: request.body.reason,
    }),
  );

  registerEndpoint(app, enableAdminCustomer, (request) =>
    customers.setCustomerStatus({
      db: app.db,
      config: app.config,
      actor: requireStaffActor(request),
      id: request.params.id,
      disabled: false,
      reason: request.body.reason,
    }),
  );

  registerEndpoint(app, signOutAdminCustomer, (request) =>
    customers.signOutCustomer({
      db: app.db,
      actor: requireStaffActor(request),
      id: request.params.id,
      reason: request.body.reason,
    }),
  );

  registerEndpoint(app, resetAdminCustomerProxyPassword, (request) =>
    customers.resetCustomerProxyPassword({
      db: app.db,
      actor: requireStaffActor(request),
      customerId: request.params.id,
      instanceId: request.params.instanceId,
      locale: request.locale,
    }),
  );
}
