import { getAdminDashboard, isStaffRole } from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as dashboard from './service.ts';

export function registerDashboardRoutes(app: FastifyInstance): void {
  registerEndpoint(app, getAdminDashboard, (request) => {
    // The guard let through staff whose role holds `dashboard.read`; the role decides the money.
    const { role } = requireAuth(request);
    if (!isStaffRole(role)) throw new AppError('forbidden');
    return dashboard.getDashboard({ db: app.db, role, locale: request.locale });
  });
}
