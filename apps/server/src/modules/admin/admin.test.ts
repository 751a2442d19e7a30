import { eq, users } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from '../../testing.ts';

describe.each(testEngines)('GET /api/admin/users on %s', (engine) => {
  let testApp: TestApp;
  let operatorToken: string;
  let customerToken: string;

  beforeAll(async () => {
    testApp = await createTestApp(engine);
    const operator = await registerUser(testApp.app, { email: 'operator@example.com' });
    await testApp.database.db
      .update(users)
      .set({ role: 'operator' })
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

  const list = (query: string, token = operatorToken) =>
    testApp.app.inject({
      url: `/api/admin/users${query}`,
      headers: { ...bearer(token), 'accept-language': 'en-US' },
    });

  it('is for operators only', async () => {
    const customer = await list('', customerToken);
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toEqual({
      code: 10301,
      message: 'You do not have permission to do this',
      data: null,
    });
    const anonymous = await testApp.app.inject({ url: '/api/admin/users' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('pages through users, newest first', async () => {
    const first = await list('?page=1&pageSize=3');
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
    const last = (await list('?page=3&pageSize=3')).json().data;
    expect(last.items.map((user: { email: string }) => user.email)).toEqual([
      'customer@example.com',
      'operator@example.com',
    ]);
    expect(last.items[1].role).toBe('operator');
    const defaults = (await list('')).json().data;
    expect(defaults).toMatchObject({ page: 1, pageSize: 20, total: 8 });
  });

  it('filters by a keyword in the email or name, taking % and _ literally', async () => {
    expect((await list('?keyword=SHOP')).json().data.total).toBe(5);
    expect((await list('?keyword=shop%203')).json().data.items).toHaveLength(1);
    expect((await list('?keyword=_')).json().data.total).toBe(1);
    expect((await list('?keyword=100%25')).json().data.total).toBe(1);
    expect((await list('?keyword=nobody')).json().data).toMatchObject({ items: [], total: 0 });
  });

  it('validates the paging parameters', async () => {
    const tooBig = await list('?pageSize=101');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe('Invalid pageSize: must be at most 100');
    const zero = await list('?page=0');
    expect(zero.json().data.field).toBe('page');
    const words = await list('?page=first');
    expect(words.statusCode).toBe(400);
  });
});
