import { describe, expect, it } from 'vitest';
import {
  ADMIN_ANNOUNCEMENTS_PATH,
  ADMIN_AUDIT_LOG_PATH,
  ADMIN_HOME,
  ADMIN_MESSAGES_PATH,
  ADMIN_STAFF_PATH,
} from '../../shared/paths.ts';
import { adminMenuOf, findAdminRoute } from './admin-routes.ts';

const menuPaths = (role: Parameters<typeof adminMenuOf>[0]) =>
  adminMenuOf(role).map((route) => route.path);

describe('the operator console menu', () => {
  it('shows the staff page to owners only and the audit log to roles that read it', () => {
    expect(menuPaths('owner')).toEqual(
      expect.arrayContaining([ADMIN_HOME, ADMIN_AUDIT_LOG_PATH, ADMIN_STAFF_PATH]),
    );
    expect(menuPaths('finance')).toContain(ADMIN_AUDIT_LOG_PATH);
    expect(menuPaths('finance')).not.toContain(ADMIN_STAFF_PATH);
    for (const role of ['support', 'ops'] as const) {
      expect(menuPaths(role)).not.toContain(ADMIN_AUDIT_LOG_PATH);
      expect(menuPaths(role)).not.toContain(ADMIN_STAFF_PATH);
    }
    expect(adminMenuOf('customer')).toEqual([]);
  });

  it('shows announcements to the roles that publish them (owner, ops) and the home to all', () => {
    for (const role of ['owner', 'ops'] as const) {
      expect(menuPaths(role)).toContain(ADMIN_ANNOUNCEMENTS_PATH);
    }
    for (const role of ['finance', 'support'] as const) {
      expect(menuPaths(role)).not.toContain(ADMIN_ANNOUNCEMENTS_PATH);
    }
    for (const role of ['owner', 'finance', 'support', 'ops'] as const) {
      expect(menuPaths(role)).toContain(ADMIN_HOME);
    }
    expect(findAdminRoute(ADMIN_ANNOUNCEMENTS_PATH)?.permission).toBe('announcements.manage');
  });

  it('shows the email outbox to the owner and support only', () => {
    for (const role of ['owner', 'support'] as const) {
      expect(menuPaths(role)).toContain(ADMIN_MESSAGES_PATH);
    }
    for (const role of ['finance', 'ops', 'customer'] as const) {
      expect(menuPaths(role)).not.toContain(ADMIN_MESSAGES_PATH);
    }
    expect(findAdminRoute(ADMIN_MESSAGES_PATH)?.permission).toBe('messages.read');
  });

  it('routes the two addresses to their permissions', () => {
    expect(findAdminRoute(ADMIN_STAFF_PATH)?.permission).toBe('staff.manage');
    expect(findAdminRoute(ADMIN_AUDIT_LOG_PATH)?.permission).toBe('audit.read');
  });
});
