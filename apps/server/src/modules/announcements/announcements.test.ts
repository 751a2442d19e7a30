import { randomUUID } from 'node:crypto';
import {
  createAnnouncement,
  deleteAnnouncement,
  errors,
  listAdminAnnouncements,
  listCurrentAnnouncements,
  updateAnnouncement,
  type AdminAnnouncement,
  type EndpointBody,
} from '@stratus/contract';
import { announcements, auditLog, eq } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { auditEntriesOf } from '../../../test/audit.ts';
import {
  expectAccessPerPermissionTable,
  registerStaffTeam,
  type StaffTeam,
} from '../../../test/accounts.ts';

const HOUR_MS = 3_600_000;
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR_MS).toISOString();
const english = { 'accept-language': 'en-US' };

type NewAnnouncement = EndpointBody<typeof createAnnouncement>;

function notice(overrides: Partial<NewAnnouncement> = {}): NewAnnouncement {
  return {
    titleZh: '维护通知',
    titleEn: 'Maintenance',
    bodyZh: '今晚 23:00 起维护一小时。',
    bodyEn: 'One hour of maintenance from 23:00 tonight.',
    severity: 'info',
    startsAt: hoursFromNow(-1),
    endsAt: null,
    ...overrides,
  };
}

describe.each(testEngines)('announcements on %s', (engine) => {
  let testApp: TestApp;
  let team: StaffTeam;
  let customerToken: string;

  beforeAll(async () => {
    testApp = await createTestApp(engine);
    team = await registerStaffTeam(testApp);
    customerToken = (await registerCustomer(testApp)).token;
  });
  afterAll(() => testApp?.close());
  beforeEach(async () => {
    await testApp.database.db.delete(announcements);
  });

  async function create(overrides: Partial<NewAnnouncement> = {}): Promise<AdminAnnouncement> {
    const response = await callEndpoint(testApp.app, createAnnouncement, {
      token: team.ops.token,
      body: notice(overrides),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.data();
  }

  const auditCount = async () => (await testApp.database.db.select().from(auditLog)).length;

  it('lets only roles with announcements.manage write and list them', async () => {
    await expectAccessPerPermissionTable(testApp, listAdminAnnouncements, {
      team,
      customerToken,
      call: async () => ({}),
    });
    await expectAccessPerPermissionTable(testApp, createAnnouncement, {
      team,
      customerToken,
      call: async () => ({ body: notice() }),
    });
    await expectAccessPerPermissionTable(testApp, updateAnnouncement, {
      team,
      customerToken,
      call: async () => ({
        params: { id: (await create()).id },
        body: { severity: 'warning' as const },
      }),
    });
    await expectAccessPerPermissionTable(testApp, deleteAnnouncement, {
      team,
      customerToken,
      call: async () => ({ params: { id: (await create()).id } }),
    });
  });

  it('shows signed-in users the current ones in their language, most severe and newest first', async () => {
    const older = await create({ titleEn: 'Older info', startsAt: hoursFromNow(-5) });
    const newer = await create({ titleEn: 'Newer info', startsAt: hoursFromNow(-2) });
    const critical = await create({
      titleZh: '紧急',
      titleEn: 'Critical',
      bodyEn: '',
      severity: 'critical',
      startsAt: hoursFromNow(-10),
    });
    const warning = await create({
      titleEn: 'Warning',
      severity: 'warning',
      startsAt: hoursFromNow(-3),
      endsAt: hoursFromNow(2),
    });
    await create({ titleEn: 'Scheduled', severity: 'critical', startsAt: hoursFromNow(1) });
    await create({
      titleEn: 'Ended',
      severity: 'critical',
      startsAt: hoursFromNow(-3),
      endsAt: hoursFromNow(-1),
    });

    const inEnglish = await callEndpoint(testApp.app, listCurrentAnnouncements, {
      token: customerToken,
      headers: english,
    });
    expect(inEnglish.statusCode).toBe(200);
    const { items } = inEnglish.data();
    expect(items.map((item) => item.id)).toEqual([critical.id, warning.id, newer.id, older.id]);
    expect(items[0]).toEqual({
      id: critical.id,
      severity: 'critical',
      title: 'Critical',
      body: '',
      startsAt: critical.startsAt,
      endsAt: null,
    });
    expect(items[1]?.endsAt).toBe(warning.endsAt);

    const inChinese = await callEndpoint(testApp.app, listCurrentAnnouncements, {
      token: team.support.token,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(inChinese.data().items.map((item) => item.title)).toEqual([
      '紧急',
      '维护通知',
      '维护通知',
      '维护通知',
    ]);

    expect((await callEndpoint(testApp.app, listCurrentAnnouncements)).statusCode).toBe(401);
  });

  it('lists them for operators with their state, latest start first, filtered by state', async () => {
    const scheduled = await create({ startsAt: hoursFromNow(3) });
    const current = await create({ startsAt: hoursFromNow(-1), endsAt: hoursFromNow(1) });
    const ended = await create({ startsAt: hoursFromNow(-3), endsAt: hoursFromNow(-2) });
    const all = (
      await callEndpoint(testApp.app, listAdminAnnouncements, { token: team.owner.token })
    ).data();
    expect(all.total).toBe(3);
    expect(all.items.map((item) => [item.id, item.state])).toEqual([
      [scheduled.id, 'scheduled'],
      [current.id, 'current'],
      [ended.id, 'ended'],
    ]);
    for (const [state, id] of [
      ['scheduled', scheduled.id],
      ['current', current.id],
      ['ended', ended.id],
    ] as const) {
      const page = (
        await callEndpoint(testApp.app, listAdminAnnouncements, {
          token: team.ops.token,
          query: { state },
        })
      ).data();
      expect(page.items.map((item) => item.id)).toEqual([id]);
      expect(page.total).toBe(1);
    }
    const second = (
      await callEndpoint(testApp.app, listAdminAnnouncements, {
        token: team.ops.token,
        query: { page: 2, pageSize: 2 },
      })
    ).data();
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((item) => item.id)).toEqual([ended.id]);
  });

  it('records creation, each change and deletion in the audit log', async () => {
    const created = await create({ severity: 'warning', startsAt: '2026-11-01T00:00:00.000Z' });
    expect(created).toMatchObject({ severity: 'warning', state: 'current', endsAt: null });
    expect(await auditEntriesOf(testApp, created.id)).toEqual([
      expect.objectContaining({
        actorId: team.ops.id,
        actorRole: 'ops',
        action: 'announcement.create',
        targetType: 'announcement',
        changes: {
          titleZh: { before: null, after: '维护通知' },
          titleEn: { before: null, after: 'Maintenance' },
          bodyZh: { before: null, after: '今晚 23:00 起维护一小时。' },
          bodyEn: { before: null, after: 'One hour of maintenance from 23:00 tonight.' },
          severity: { before: null, after: 'warning' },
          startsAt: { before: null, after: '2026-11-01T00:00:00.000Z' },
        },
      }),
    ]);

    // Ending it now: a PATCH of its end.
    const end = new Date().toISOString();
    const ended = await callEndpoint(testApp.app, updateAnnouncement, {
      token: team.owner.token,
      params: { id: created.id },
      body: { endsAt: end, titleEn: 'Maintenance (done)' },
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.data()).toMatchObject({
      endsAt: end,
      titleEn: 'Maintenance (done)',
      state: 'ended',
    });
    const customerView = await callEndpoint(testApp.app, listCurrentAnnouncements, {
      token: customerToken,
    });
    expect(customerView.data().items).toEqual([]);

    // Sending what is there already is no change and no entry.
    const same = await callEndpoint(testApp.app, updateAnnouncement, {
      token: team.owner.token,
      params: { id: created.id },
      body: { severity: 'warning' },
    });
    expect(same.data().updatedAt).toBe(ended.data().updatedAt);

    const removed = await callEndpoint(testApp.app, deleteAnnouncement, {
      token: team.owner.token,
      params: { id: created.id },
    });
    expect(removed.statusCode).toBe(200);
    expect(await testApp.database.db.select().from(announcements)).toEqual([]);
    const entries = await auditEntriesOf(testApp, created.id);
    expect(entries.map((entry) => [entry.action, entry.actorRole])).toEqual([
      ['announcement.create', 'ops'],
      ['announcement.update', 'owner'],
      ['announcement.delete', 'owner'],
    ]);
    expect(entries[1]?.changes).toEqual({
      titleEn: { before: 'Maintenance', after: 'Maintenance (done)' },
      endsAt: { before: null, after: end },
    });
    expect(entries[2]?.changes).toMatchObject({
      titleEn: { before: 'Maintenance (done)', after: null },
      endsAt: { before: end, after: null },
    });
  });

  it('refuses an end before the start, naming the field, and changes nothing', async () => {
    const entries = await auditCount();
    const backwards = await callEndpoint(testApp.app, createAnnouncement, {
      token: team.owner.token,
      headers: english,
      body: notice({ startsAt: '2026-11-02T00:00:00Z', endsAt: '2026-11-01T00:00:00Z' }),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({
      code: errors.announcementEndsBeforeStart.code,
      message: 'The end (endsAt) must be later than the start, 2026-11-02 08:00:00',
      data: null,
    });
    const equal = await callEndpoint(testApp.app, createAnnouncement, {
      token: team.owner.token,
      body: notice({ startsAt: '2026-11-02T00:00:00Z', endsAt: '2026-11-02T00:00:00Z' }),
    });
    expect(equal.json().code).toBe(errors.announcementEndsBeforeStart.code);

    // A PATCH is checked against what is stored: moving the start past the end is refused too.
    const stored = await create({ startsAt: hoursFromNow(-2), endsAt: hoursFromNow(2) });
    const afterCreate = await auditCount();
    expect(afterCreate).toBe(entries + 1);
    const lateStart = await callEndpoint(testApp.app, updateAnnouncement, {
      token: team.owner.token,
      params: { id: stored.id },
      body: { startsAt: hoursFromNow(3), titleEn: 'Changed' },
    });
    expect(lateStart.statusCode).toBe(400);
    expect(lateStart.json().code).toBe(errors.announcementEndsBeforeStart.code);
    const [row] = await testApp.database.db
      .select()
      .from(announcements)
      .where(eq(announcements.id, stored.id));
    expect(row?.titleEn).toBe('Maintenance');
    expect(await auditCount()).toBe(afterCreate);
  });

  it('refuses bad fields with their names and unknown ids with 404', async () => {
    const entries = await auditCount();
    for (const [body, field] of [
      [{ ...notice(), titleZh: '   ' }, 'titleZh'],
      [{ ...notice(), titleEn: 'x'.repeat(121) }, 'titleEn'],
      [{ ...notice(), titleEn: 'two\nlines' }, 'titleEn'],
      [{ ...notice(), bodyEn: 'x'.repeat(2001) }, 'bodyEn'],
      [{ ...notice(), severity: 'urgent' }, 'severity'],
      [{ ...notice(), startsAt: 'tomorrow' }, 'startsAt'],
      [{ ...notice(), endsAt: '2026-13-01T00:00:00Z' }, 'endsAt'],
    ] as const) {
      const response = await callEndpoint(testApp.app, createAnnouncement, {
        token: team.ops.token,
        headers: english,
        rawBody: body,
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().code, field).toBe(errors.validationFailed.code);
      expect(response.json().message, field).toContain(field);
    }
    const missing = randomUUID();
    const patch = await callEndpoint(testApp.app, updateAnnouncement, {
      token: team.ops.token,
      headers: english,
      params: { id: missing },
      body: { severity: 'critical' },
    });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual({
      code: errors.announcementNotFound.code,
      message: 'No such announcement (it may have been deleted)',
      data: null,
    });
    const remove = await callEndpoint(testApp.app, deleteAnnouncement, {
      token: team.ops.token,
      params: { id: missing },
    });
    expect(remove.statusCode).toBe(404);
    expect(await auditCount()).toBe(entries);
  });
});
