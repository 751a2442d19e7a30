import { randomUUID } from 'node:crypto';
import {
  API_KEYS_MAX,
  addIpAllowlistEntry,
  changePassword,
  createApiKey,
  createTopUp,
  errors,
  getMe,
  getWallet,
  listAdminCustomers,
  listApiKeys,
  listOrders,
  revokeApiKey,
  rotateApiToken,
  type ApiKeyScope,
  type EndpointBody,
} from '@stratus/contract';
import { apiKeys, eq, sql } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testPassword, type TestApp } from '../../../test/app.ts';
import { registerCustomer, registerStaff } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { hashToken } from '../../tokens.ts';

type CreateBody = EndpointBody<typeof createApiKey>;

describe.each(testEngines)('API keys on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  const create = (token: string, body: Partial<CreateBody> = {}, language = 'en-US') =>
    callEndpoint(testApp.app, createApiKey, {
      token,
      body: { name: 'script', scopes: ['read'], ...body },
      headers: { 'accept-language': language },
    });
  /** A key of a fresh customer with these scopes (and sources). */
  const keyWith = async (scopes: ApiKeyScope[], body: Partial<CreateBody> = {}) => {
    const customer = await registerCustomer(testApp);
    const made = await create(customer.token, { scopes, ...body });
    expect(made.statusCode).toBe(200);
    return { customer, key: made.data().key, id: made.data().id };
  };
  const codeOf = (response: { json(): unknown }) => (response.json() as { code: number }).code;

  it('makes a key shown once, lists it by its prefix and revokes it', async () => {
    const { token } = await registerCustomer(testApp);
    expect((await callEndpoint(testApp.app, listApiKeys, { token })).data()).toEqual({
      items: [],
      max: API_KEYS_MAX,
    });
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const made = await create(token, {
      name: ' billing bot ',
      scopes: ['manage', 'read'],
      allowedSources: ['203.0.113.7', '2400:CB00:0001::/48', '203.0.113.7/32', '10.1.2.3/8'],
      expiresAt,
    });
    expect(made.statusCode).toBe(200);
    const { key, ...shown } = made.data();
    expect(key).toMatch(/^sk_[\w-]{43}$/);
    expect(shown).toEqual({
      id: expect.any(String),
      name: 'billing bot',
      prefix: key.slice(0, 10),
      scopes: ['read', 'manage'],
      allowedSources: ['203.0.113.7/32', '2400:cb00:1::/48', '10.0.0.0/8'],
      expiresAt,
      lastUsedAt: null,
      lastUsedIp: null,
      createdAt: expect.any(String),
      revokedAt: null,
      state: 'active',
    });
    // Only the hash is kept.
    const [row] = await testApp.database.db.select().from(apiKeys).where(eq(apiKeys.id, shown.id));
    expect(row?.keyHash).toBe(hashToken(key));
    expect(JSON.stringify(row)).not.toContain(key);

    const listed = (await callEndpoint(testApp.app, listApiKeys, { token })).data();
    expect(listed.items).toEqual([shown]);
    expect(JSON.stringify(listed)).not.toContain(key);

    const revoked = await callEndpoint(testApp.app, revokeApiKey, {
      token,
      params: { id: shown.id },
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.data()).toMatchObject({ id: shown.id, state: 'revoked' });
    expect(revoked.data().revokedAt).not.toBeNull();
    // Revoking again answers it as it is; another account's key is not found.
    const again = await callEndpoint(testApp.app, revokeApiKey, {
      token,
      params: { id: shown.id },
    });
    expect(again.data().revokedAt).toBe(revoked.data().revokedAt);
    const stranger = await registerCustomer(testApp);
    const foreign = await callEndpoint(testApp.app, revokeApiKey, {
      token: stranger.token,
      params: { id: shown.id },
    });
    expect(foreign.statusCode).toBe(404);
    expect(codeOf(foreign)).toBe(errors.apiKeyNotFound.code);
  });

  it('refuses bad sources and a past expiry with clear messages', async () => {
    const { token } = await registerCustomer(testApp);
    const bad = await create(token, { allowedSources: ['203.0.113.7', 'example.com'] }, 'zh-CN');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: errors.apiKeySourceInvalid.code,
      message: '来源地址 example.com 不是有效的 IP 地址或网段',
    });
    const past = await create(token, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(codeOf(past)).toBe(errors.apiKeyExpiryInPast.code);
    const noScope = await create(token, { scopes: [] });
    expect(noScope.statusCode).toBe(400);
    expect((await callEndpoint(testApp.app, listApiKeys, { token })).data().items).toEqual([]);
  });

  it(`holds ${API_KEYS_MAX} live keys per account under concurrent creation`, async () => {
    const { token } = await registerCustomer(testApp);
    const results = await Promise.all(
      Array.from({ length: API_KEYS_MAX + 4 }, (_, index) => create(token, { name: `k${index}` })),
    );
    const statuses = results.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(API_KEYS_MAX);
    const refused = results.filter((response) => response.statusCode !== 200);
    expect(refused).toHaveLength(4);
    for (const response of refused) {
      expect(response.statusCode).toBe(422);
      expect(codeOf(response)).toBe(errors.apiKeyLimitReached.code);
    }
    // A revoked key frees its place.
    const first = results.find((response) => response.statusCode === 200)!.data();
    await callEndpoint(testApp.app, revokeApiKey, { token, params: { id: first.id } });
    expect((await create(token)).statusCode).toBe(200);
    expect((await create(token)).statusCode).toBe(422);
  });

  it('authenticates GETs as its owner with `read`, recording its last use', async () => {
    const { customer, key, id } = await keyWith(['read']);
    const wallet = await callEndpoint(testApp.app, getWallet, {
      token: key,
      remoteAddress: '198.51.100.20',
    });
    expect(wallet.statusCode).toBe(200);
    expect((await callEndpoint(testApp.app, listOrders, { token: key })).statusCode).toBe(200);
    // The profile answers, but never with the personal token (it holds every scope).
    const me = await callEndpoint(testApp.app, getMe, { token: key });
    expect(me.data()).toMatchObject({ id: customer.id, apiToken: '' });
    const listed = (await callEndpoint(testApp.app, listApiKeys, { token: customer.token })).data();
    expect(listed.items.find((item) => item.id === id)).toMatchObject({
      lastUsedAt: expect.any(String),
      lastUsedIp: '198.51.100.20',
    });
  });

  it('refuses a write outside its scopes with apiKeyScopeMissing and allows one inside', async () => {
    const { key } = await keyWith(['read']);
    const refused = await callEndpoint(testApp.app, addIpAllowlistEntry, {
      token: key,
      body: { address: '203.0.113.50', note: '' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: errors.apiKeyScopeMissing.code,
      message: 'This API key lacks the scope this call needs (manage)',
    });
    const topUp = await callEndpoint(testApp.app, createTopUp, {
      token: key,
      body: { amount: 10, channel: 'sandbox' },
    });
    expect(topUp.statusCode).toBe(403);
    expect(codeOf(topUp)).toBe(errors.apiKeyScopeMissing.code);

    const manager = await keyWith(['manage']);
    const added = await callEndpoint(testApp.app, addIpAllowlistEntry, {
      token: manager.key,
      body: { address: '203.0.113.51', note: '' },
    });
    expect(added.statusCode).toBe(200);
    // `manage` alone does not read.
    const read = await callEndpoint(testApp.app, getWallet, { token: manager.key });
    expect(read.statusCode).toBe(403);
    expect(codeOf(read)).toBe(errors.apiKeyScopeMissing.code);
  });

  it('refuses a request from outside its allowed sources', async () => {
    const { key } = await keyWith(['read'], {
      allowedSources: ['198.51.100.0/24', '2001:db8::/32'],
    });
    const inside = await callEndpoint(testApp.app, getWallet, {
      token: key,
      remoteAddress: '198.51.100.7',
    });
    expect(inside.statusCode).toBe(200);
    const mapped = await callEndpoint(testApp.app, getWallet, {
      token: key,
      remoteAddress: '::ffff:198.51.100.8',
    });
    expect(mapped.statusCode).toBe(200);
    const v6 = await callEndpoint(testApp.app, getWallet, {
      token: key,
      remoteAddress: '2001:db8:5::1',
    });
    expect(v6.statusCode).toBe(200);
    const outside = await callEndpoint(testApp.app, getWallet, {
      token: key,
      remoteAddress: '203.0.113.9',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({
      code: errors.apiKeySourceRefused.code,
      message: '该 API 密钥不允许从地址 203.0.113.9 使用',
    });
  });

  it('answers 401 once the key has expired', async () => {
    const { key, id } = await keyWith(['read'], {
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await callEndpoint(testApp.app, getWallet, { token: key })).statusCode).toBe(200);
    await testApp.database.db
      .update(apiKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiKeys.id, id));
    const expired = await callEndpoint(testApp.app, getWallet, { token: key });
    expect(expired.statusCode).toBe(401);
    expect(codeOf(expired)).toBe(errors.unauthorized.code);
  });

  it('never changes the password, the personal token or the keys', async () => {
    const { key } = await keyWith(['read', 'purchase', 'manage']);
    const calls = [
      await callEndpoint(testApp.app, changePassword, {
        token: key,
        body: { currentPassword: testPassword, newPassword: 'another horse 77 battery' },
      }),
      await callEndpoint(testApp.app, rotateApiToken, { token: key }),
      await create(key, { scopes: ['read'] }),
      await callEndpoint(testApp.app, listApiKeys, { token: key }),
    ];
    for (const response of calls) {
      expect(response.statusCode).toBe(403);
      expect(codeOf(response)).toBe(errors.apiKeyNotAllowed.code);
    }
  });

  it('never reaches the operator console, whatever its owner’s role', async () => {
    const owner = await registerStaff(testApp, 'owner');
    const made = await create(owner.token, { scopes: ['read', 'purchase', 'manage'] });
    expect(made.statusCode).toBe(200);
    const refused = await callEndpoint(testApp.app, listAdminCustomers, {
      token: made.data().key,
    });
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe(errors.apiKeyNotAllowed.code);
    // The owner's session and personal token still do.
    const session = await callEndpoint(testApp.app, listAdminCustomers, { token: owner.token });
    expect(session.statusCode).toBe(200);
    const personal = await callEndpoint(testApp.app, listAdminCustomers, {
      token: owner.user.apiToken,
    });
    expect(personal.statusCode).toBe(200);
  });

  it('keeps the personal token working with every scope', async () => {
    const { user } = await registerCustomer(testApp);
    const added = await callEndpoint(testApp.app, addIpAllowlistEntry, {
      token: user.apiToken,
      body: { address: '203.0.113.52', note: '' },
    });
    expect(added.statusCode).toBe(200);
    const made = await create(user.apiToken);
    expect(made.statusCode).toBe(200);
  });

  it('refuses an unknown sk_ key as unauthorized', async () => {
    const response = await callEndpoint(testApp.app, getWallet, {
      token: `sk_${randomUUID().replaceAll('-', '')}`,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe.each(testEngines)('API keys behind the auth cache on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine, { env: { SESSION_CACHE_MS: '1000' } });
  });
  afterAll(() => testApp?.close());

  it('refuses a revoked key on the next request though its answer was cached', async () => {
    const { token } = await registerCustomer(testApp);
    const made = await callEndpoint(testApp.app, createApiKey, {
      token,
      body: { name: 'cached', scopes: ['read'] },
    });
    const { key, id } = made.data();
    expect((await callEndpoint(testApp.app, getWallet, { token: key })).statusCode).toBe(200);
    expect((await callEndpoint(testApp.app, getWallet, { token: key })).statusCode).toBe(200);
    await callEndpoint(testApp.app, revokeApiKey, { token, params: { id } });
    expect((await callEndpoint(testApp.app, getWallet, { token: key })).statusCode).toBe(401);
  });

  it('refuses an expired key on the next request though its answer was cached', async () => {
    const { token } = await registerCustomer(testApp);
    const expiresAt = Date.now() + 2000;
    const made = await callEndpoint(testApp.app, createApiKey, {
      token,
      body: { name: 'short', scopes: ['read'], expiresAt: new Date(expiresAt).toISOString() },
    });
    const { key } = made.data();
    expect((await callEndpoint(testApp.app, getWallet, { token: key })).statusCode).toBe(200);
    expect((await callEndpoint(testApp.app, getWallet, { token: key })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt + 100 - Date.now()));
    expect((await callEndpoint(testApp.app, getWallet, { token: key })).statusCode).toBe(401);
  });
});
