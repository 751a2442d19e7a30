import {
  API_PREFIX,
  errors,
  exportInstances,
  getInstance,
  getMe,
  getTrafficUsage,
  getWallet,
  listTransactions,
  updateMe,
  type EndpointData,
  type UserProfile,
} from '@stratus/contract';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from './fake-api.ts';

const profile: UserProfile = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  role: 'customer',
  language: 'zh-CN',
  apiToken: 'st_token',
  createdAt: '2026-01-01T00:00:00.000Z',
  tourCompleted: true,
  emailVerified: true,
  emailVerification: 'optional',
  lowBalanceThreshold: null,
};

// The fake is exercised through its own `fetch`, with the paths the web client sends: that is the
// routing under test.
async function call(api: ReturnType<typeof createFakeApi>, path: string, init?: RequestInit) {
  const response = await api.fetch(`${API_PREFIX}${path}`, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the fake API', () => {
  it('serves a fixture in the envelope, parsed by the response schema', async () => {
    const api = createFakeApi();
    api.respondWith(getMe, { ...profile, extra: 'stripped' } as UserProfile);
    expect(await call(api, getMe.path)).toEqual({
      status: 200,
      body: { code: 0, message: 'ok', data: profile },
    });
    expect(api.requests(getMe)).toHaveLength(1);
    api.verify();
  });

  it('refuses a fixture that contradicts the contract, where it is declared', () => {
    const api = createFakeApi();
    const wrong = { wallet: null } as unknown as EndpointData<typeof getWallet>;
    expect(() => api.respondWith(getWallet, wrong)).toThrow(/GET \/api\/user\/wallet/);
    expect(() => api.verify()).toThrow(/contradicts the contract/);
  });

  it('fails the test on an answer made per request that breaks the contract', async () => {
    const api = createFakeApi();
    api.respondWith(getMe, () => ({ ...profile, role: 'root' }) as unknown as UserProfile);
    await expect(api.fetch(`${API_PREFIX}${getMe.path}`)).rejects.toThrow(/role/);
    expect(() => api.verify()).toThrow(/contradicts the contract/);
  });

  it('routes a static segment before a parameter, as the server does', async () => {
    const api = createFakeApi();
    api.respondWith(getTrafficUsage, {
      granularity: 'hour',
      from: '2026-11-21T10:00:00.000Z',
      to: '2026-11-21T11:00:00.000Z',
      buckets: [],
      totals: { bytesUp: 0, bytesDown: 0 },
    });
    const answer = await call(api, `${getTrafficUsage.path}?granularity=hour`);
    expect(answer.status).toBe(200);
    expect(api.requests(getTrafficUsage)).toHaveLength(1);
    expect(api.requests(getInstance)).toHaveLength(0);
  });

  it('answers the latest fixture whose parameters and condition match', async () => {
    const api = createFakeApi();
    api.respondWith(getMe, profile);
    api.respondWith(getMe, { ...profile, name: 'Countess' });
    expect((await call(api, getMe.path)).body.data).toMatchObject({ name: 'Countess' });

    api.respondWith(exportInstances, 'all lines');
    api.respondWith(exportInstances, 'vmess lines', { params: { type: 'vmess' } });
    const vmess = await api.fetch(`${API_PREFIX}/proxy/instances/export/vmess`);
    expect(await vmess.text()).toBe('vmess lines');
    const all = await api.fetch(`${API_PREFIX}/proxy/instances/export/all`);
    expect(await all.text()).toBe('all lines');
    expect(api.requests(exportInstances, { params: { type: 'vmess' } })).toHaveLength(1);

    // Narrowed before the answer for every other call, and still answering its calls.
    api.respondWithFile(listTransactions, 'time\n', {
      when: (request) => request.query.format === 'csv',
    });
    api.respondWith(listTransactions, { items: [], total: 0, page: 1, pageSize: 20 });
    const csv = await api.fetch(`${API_PREFIX}${listTransactions.path}?format=csv`);
    expect(await csv.text()).toBe('time\n');
    const page = await call(api, `${listTransactions.path}?page=1`);
    expect(page.body.data).toMatchObject({ total: 0 });
    api.verify();
  });

  it('refuses with a catalogued error in the language asked for', async () => {
    const api = createFakeApi();
    api.respondWithError(updateMe, 'forbidden');
    const answer = await call(api, updateMe.path, {
      method: 'PATCH',
      headers: { 'Accept-Language': 'en-US' },
      body: JSON.stringify({ name: 'Ada' }),
    });
    expect(answer).toEqual({
      status: errors.forbidden.status,
      body: { code: errors.forbidden.code, message: errors.forbidden.message['en-US'], data: null },
    });
    api.verify();
  });

  it('fails the test on a request nothing answers or the contract refuses', async () => {
    const unanswered = createFakeApi();
    await call(unanswered, getMe.path);
    expect(() => unanswered.verify()).toThrow(/No fixture answers GET \/api\/user\/me/);

    const unknown = createFakeApi();
    await call(unknown, '/nowhere');
    expect(() => unknown.verify()).toThrow(/No contract endpoint answers/);

    const invalid = createFakeApi();
    invalid.respondWith(updateMe, profile);
    await call(invalid, updateMe.path, { method: 'PATCH', body: JSON.stringify({ role: 'x' }) });
    expect(() => invalid.verify()).toThrow(/request schema: body/);
  });
});
