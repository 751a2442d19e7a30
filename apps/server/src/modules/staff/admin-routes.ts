import {
  addStaffMember,
  changeStaffRole,
  listStaff,
  removeStaffMember,
  resetStaffTwoStep,
} from '@stratus/contract';
import type { FastifyInstance } from 'fastify';
import { requireStaffActor } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/contract-routes.ts';
import * as staff from './service.ts';

export function registerStaffRoutes(app: FastifyInstance): void {
  registerEndpoint(app, listStaff, () => staff.listStaff({ db: app.db }));

  registerEndpoint(app, addStaffMember, async (request) => {
    const outcome = await staff.addStaffMember({
      db: app.db,
      cipher: app.tokenCipher,
      email: request.body.email,
      role: request.body.role,
      actor: requireStaffActor(request),
    });
    return { ...outcome, generatedPassword: outcome.generatedPassword ?? null };
  });

  registerEndpoint(app, changeStaffRole, (request) =>
    staff.changeStaffRole({
      db: app.db,
      actor: requireStaffActor(request),
      userId: request.params.id,
      role: request.body.role,
    }),
  );

  registerEndpoint(app, removeStaffMember, async (request) => {
    await staff.removeStaffMember({
      db: app.db,
      actor: requireStaffActor(request),
      userId: request.params.id,
    });
    return null;
  });

  registerEndpoint(app, resetStaffTwoStep, (request) =>
    staff.resetStaffTwoStep({
      db: app.db,
      actor: requireStaffActor(request),
      userId: request.params.id,
    }),
  );
}
