import { randomUUID } from 'node:crypto';
import { API_PREFIX, errors, listAuditLog, type AuditEntry } from '@stratus/contract';
import { auditLog } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerStaff, registerCustomer } from '../../../test/accounts.ts';
import { callEndpoint, type CallOptions } from '../../../test/call-endpoint.ts';

const bossId = randomUUID();
const booksId = randomUUID();
const helperId = randomUUID();

/** Entries as writers leave them, at chosen times (China time = UTC + 8). */
const fixtures: (typeof auditLog.$inferInsert)[] = [
  {
    // 2026-03-01 23:59:59 in China: the last second of 1 March there.
    actorId: booksId,
    actorEmail: 'fi_nance@example.com',
    actorRole: 'finance',
    action: 'order.refund',
    targetType: 'order',
    targetId: 'SO1',
    changes: { refundedFen: { before: 0, after: 2550 } },
    reason: '=HYPERLINK("http://x")',
    sourceIp: '203.0.113.7',
    createdAt: new Date('2026-03-01T15:59:59Z'),
  },
  {
    // 2026-03-02 00:30 in China.
    actorId: bossId,
    actorEmail: 'boss@example.com',
    actorRole: 'owner',
    action: 'staff.create',
    targetType: 'user',
    targetId: 'u1',
    changes: { role: { before: 'customer', after: 'support' } },
    reason: '',
    sourceIp: '203.0.113.9',
    createdAt: new Date('2026-03-01T16:30:00Z'),
  },
  {
    actorId: helperId,
    actorEmail: 'fixnance@example.com',
    actorRole: 'support',
    action: 'customer.disable',
    targetType: 'user',
    targetId: 'u1',
    changes: { disabledAt: { before: null, after: '2026-03-02T10:00:00.000Z' } },
    reason: 'chargeback, ticket 7',
    sourceIp: '198.51.100.4',
    createdAt: new Date('2026-03-02T10:00:00Z'),
  },
  {
    actorId: null,
    actorEmail: 'cli',
    actorRole: 'cli',
    action: 'staff.create',
    targetType: 'user',
    targetId: 'u2',
    changes: { role: { before: null, after: 'owner' } },
    reason: '',
    sourceIp: null,
    createdAt: new Date('2026-03-03T04:00:00Z'),
  },
];

describe.each(testEngines)(
  `${listAuditLog.method} ${API_PREFIX}${listAuditLog.path} on %s`,
  (engine) => {
    let testApp: TestApp;
    let ownerToken: string;

    beforeAll(async () => {
      testApp = await createTestApp(engine);
      ownerToken = (await registerStaff(testApp, 'owner')).token;
      await testApp.database.db.insert(auditLog).values(fixtures);
    });
    afterAll(() => testApp?.close());

    const search = (
      options: Pick<CallOptions<typeof listAuditLog>, 'query' | 'rawQuery'> = {},
      { token = ownerToken, language = 'en-US' }: { token?: string; language?: string } = {},
    ) =>
      callEndpoint(testApp.app, listAuditLog, {
        token,
        headers: { 'accept-language': language },
        ...options,
      });

    /** The target ids of the entries a search finds, newest first. */
    const found = async (query: CallOptions<typeof listAuditLog>['query']) =>
      (await search({ query })).data().items.map((entry) => `${entry.action} ${entry.targetId}`);

    it('is for staff whose role may read the audit log', async () => {
      for (const role of ['finance'] as const) {
        const { token } = await registerStaff(testApp, role);
        expect((await search({}, { token })).statusCode).toBe(200);
      }
      for (const role of ['support', 'ops'] as const) {
        const { token } = await registerStaff(testApp, role);
        const refused = await search({}, { token });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({
          code: errors.staffPermissionMissing.code,
          message: `Your staff role (${role}) does not allow this`,
          data: null,
        });
      }
      const customer = await search({}, { token: (await registerCustomer(testApp)).token });
      expect(customer.statusCode).toBe(403);
      expect(customer.json().code).toBe(errors.forbidden.code);
      expect((await callEndpoint(testApp.app, listAuditLog)).statusCode).toBe(401);
    });

    it('lists every entry newest first, with who, what, before → after, why and from where', async () => {
      const page = (await search()).data();
      expect(page).toMatchObject({ total: 4, page: 1, pageSize: 20 });
      expect(page.items.map((entry) => entry.targetId)).toEqual(['u2', 'u1', 'u1', 'SO1']);
      expect(page.items[2]).toEqual({
        id: expect.any(Number),
        actorId: bossId,
        actorEmail: 'boss@example.com',
        actorRole: 'owner',
        action: 'staff.create',
        targetType: 'user',
        targetId: 'u1',
        changes: { role: { before: 'customer', after: 'support' } },
        reason: '',
        sourceIp: '203.0.113.9',
        createdAt: '2026-03-01T16:30:00.000Z',
      } satisfies AuditEntry);
      const second = (await search({ query: { page: 2, pageSize: 3 } })).data();
      expect(second.items.map((entry) => entry.targetId)).toEqual(['SO1']);
    });

    it('narrows by actor: part of the email, % and _ literal, or the exact id', async () => {
      expect(await found({ actor: 'FI_' })).toEqual(['order.refund SO1']);
      expect(await found({ actor: 'nance@' })).toEqual(['customer.disable u1', 'order.refund SO1']);
      expect(await found({ actor: '%' })).toEqual([]);
      expect(await found({ actor: bossId.toUpperCase() })).toEqual(['staff.create u1']);
      expect(await found({ actor: 'cli' })).toEqual(['staff.create u2']);
    });

    it('narrows by action', async () => {
      expect(await found({ action: 'staff.create' })).toEqual([
        'staff.create u2',
        'staff.create u1',
      ]);
      expect(await found({ action: 'payment.mark_paid' })).toEqual([]);
    });

    it('narrows by target: the id exactly, or type:id', async () => {
      expect(await found({ target: 'u1' })).toEqual(['customer.disable u1', 'staff.create u1']);
      expect(await found({ target: 'user:u1' })).toEqual([
        'customer.disable u1',
        'staff.create u1',
      ]);
      expect(await found({ target: 'order:SO1' })).toEqual(['order.refund SO1']);
      expect(await found({ target: 'user:SO1' })).toEqual([]);
      expect(await found({ target: 'u' })).toEqual([]);
    });

    it('narrows by whole days in China time, or by exact times', async () => {
      expect(await found({ to: '2026-03-01' })).toEqual(['order.refund SO1']);
      expect(await found({ from: '2026-03-02', to: '2026-03-02' })).toEqual([
        'customer.disable u1',
        'staff.create u1',
      ]);
      expect(await found({ from: '2026-03-03' })).toEqual(['staff.create u2']);
      expect(
        await found({ from: '2026-03-01T16:30:00Z', to: '2026-03-02T10:00:00+00:00' }),
      ).toEqual(['customer.disable u1', 'staff.create u1']);
      expect(await found({ action: 'staff.create', target: 'u1', actor: 'boss' })).toEqual([
        'staff.create u1',
      ]);
    });

    it('refuses bad filters with the field named', async () => {
      const action = await search({ rawQuery: { action: 'staff.delete' } });
      expect(action.statusCode).toBe(400);
      expect(action.json().data.field).toBe('action');
      expect(action.json().message).toMatch(/^Invalid action: /);
      const from = await search({ rawQuery: { from: 'yesterday' } });
      expect(from.statusCode).toBe(400);
      expect(from.json().data.field).toBe('from');
      const format = await search({ rawQuery: { format: 'xlsx' } });
      expect(format.json().data.field).toBe('format');
      const long = await search({ rawQuery: { target: 'x'.repeat(201) } });
      expect(long.statusCode).toBe(400);
      expect(long.json().data.field).toBe('target');
    });

    it('exports the matching entries as CSV in Chinese, labels and all', async () => {
      const response = await search({ query: { format: 'csv' } }, { language: 'zh-CN' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="audit-log-\d{8}\.csv"$/,
      );
      expect(response.body.startsWith('\uFEFF')).toBe(true);
      expect(response.body.slice(1).split('\r\n')).toEqual([
        '时间 (UTC+8),操作人,角色,操作,对象,变更,原因,来源地址',
        '2026-03-03 12:00:00,cli,命令行,添加员工,user:u2,角色: — → owner,,',
        '2026-03-02 18:00:00,fixnance@example.com,客服,停用客户,user:u1,停用时间: — → 2026-03-02 18:00:00,"chargeback, ticket 7",198.51.100.4',
        '2026-03-02 00:30:00,boss@example.com,所有者,添加员工,user:u1,角色: customer → support,,203.0.113.9',
        '2026-03-01 23:59:59,fi_nance@example.com,财务,订单退款,order:SO1,refundedFen: 0 → 2550,"\'=HYPERLINK(""http://x"")",203.0.113.7',
        '',
      ]);
    });

    it('exports in English and honours the filters', async () => {
      const response = await search({ query: { format: 'csv', target: 'u1', actor: 'boss' } });
      expect(response.body.slice(1).trimEnd().split('\r\n')).toEqual([
        'Time (UTC+8),Actor,Role,Action,Target,Changes,Reason,Source address',
        '2026-03-02 00:30:00,boss@example.com,Owner,Add staff member,user:u1,Role: customer → support,,203.0.113.9',
      ]);
    });

    it('offers no way to edit or delete an entry', async () => {
      for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
        const response = await testApp.app.inject({
          method,
          url: `${API_PREFIX}${listAuditLog.path}`,
          headers: { authorization: `Bearer ${ownerToken}` },
        });
        expect(response.statusCode).toBe(404);
      }
    });
  },
);
