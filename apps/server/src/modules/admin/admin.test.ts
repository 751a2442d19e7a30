import { API_PREFIX, listAdminUsers } from '@stratus/contract';
import { eq, users } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerStaff, registerUser, type TestApp } from '../../testing.ts';
import { callEndpoint, type CallOptions } from '../../testing/call-endpoint.ts';

describe.each(testEngines)(
  `${listAdminUsers.method} ${API_PREFIX}${listAdminUsers.path} on %s`,
  (engine) => {
    let testApp: TestApp;
    let operatorToken: string;
    let customerToken: string;

    beforeAll(async () => {
      testApp = await createTestApp(engine);
      const operator = await registerUser(testApp.app, { email: 'operator@example.com' });
      await testApp.database.db
        .update(users)
        .set({ role: 'owner' })
        .where(eq(users.id, operator.user.id));
      operatorToken = operator.token;
      customerToken = (await registerUser(testApp.app, { email: 'customer@example.com' })).token;
      for (let index = 0; index < 5; index += 1) {
        await registerUser(testApp.app, {
          email: `listed-${index}@shop.example`,
          name: `Shop ${index}`,
        });
      }
      await registerUser(testApp.app, { email: 'under_score@example.com', name: '100% real' });
    });
    afterAll(() => testApp?.close());

    const list = (
      query: Pick<CallOptions<typeof listAdminUsers>, 'query' | 'rawQuery'>,
      token = operatorToken,
    ) =>
      callEndpoint(testApp.app, listAdminUsers, {
        token,
        headers: { 'accept-language': 'en-US' },
        ...query,
      });

    it('is refused to customers and anonymous callers', async () => {
      const customer = await list({}, customerToken);
      expect(customer.statusCode).toBe(403);
      expect(customer.json()).toEqual({
        code: 10301,
        message: 'You do not have permission to do this',
        data: null,
      });
      const anonymous = await callEndpoint(testApp.app, listAdminUsers);
      expect(anonymous.statusCode).toBe(401);
    });

    it('pages through users, newest first', async () => {
      const first = await list({ query: { page: 1, pageSize: 3 } });
      expect(first.statusCode).toBe(200);
      const { data } = first.json();
      expect(data).toMatchObject({ total: 8, page: 1, pageSize: 3 });
      expect(data.items).toHaveLength(3);
      expect(data.items[0]).toEqual({
        id: expect.any(String),
        email: 'under_score@example.com',
        name: '100% real',
        role: 'customer',
        createdAt: expect.any(String),
        disabledAt: null,
      });
      const last = (await list({ query: { page: 3, pageSize: 3 } })).data();
      expect(last.items.map((user: { email: string }) => user.email)).toEqual([
        'customer@example.com',
        'operator@example.com',
      ]);
      expect(last.items[1]?.role).toBe('owner');
      const defaults = (await list({})).data();
      expect(defaults).toMatchObject({ page: 1, pageSize: 20, total: 8 });
    });

    it('filters by a keyword in the email or name, taking % and _ literally', async () => {
      expect((await list({ query: { keyword: 'SHOP' } })).data().total).toBe(5);
      expect((await list({ query: { keyword: 'shop 3' } })).data().items).toHaveLength(1);
      expect((await list({ query: { keyword: '_' } })).data().total).toBe(1);
      expect((await list({ query: { keyword: '100%' } })).data().total).toBe(1);
      expect((await list({ query: { keyword: 'nobody' } })).data()).toMatchObject({
        items: [],
        total: 0,
      });
    });

    it('validates the paging parameters', async () => {
      const tooBig = await list({ query: { pageSize: 101 } });
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json().message).toBe('Invalid pageSize: must be at most 100');
      const zero = await list({ query: { page: 0 } });
      expect(zero.json().data.field).toBe('page');
      const words = await list({ rawQuery: { page: 'first' } });
      expect(words.statusCode).toBe(400);
    });

    // Last: it registers staff, which the counts above do not expect.
    it('is for staff whose role may read customers', async () => {
      for (const role of ['finance', 'support'] as const) {
        const { token } = await registerStaff(testApp, role);
        expect((await list({}, token)).statusCode).toBe(200);
      }
      const ops = await list({}, (await registerStaff(testApp, 'ops')).token);
      expect(ops.statusCode).toBe(403);
      expect(ops.json()).toEqual({
        code: 10302,
        message: 'Your staff role (ops) does not allow this',
        data: null,
      });
    });
  },
);
