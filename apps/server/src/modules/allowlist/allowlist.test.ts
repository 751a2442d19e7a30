import { randomUUID } from 'node:crypto';
import {
  addIpAllowlistEntry,
  deleteIpAllowlistEntry,
  errors,
  listIpAllowlist,
  MAX_ALLOWLIST_ENTRIES,
} from '@stratus/contract';
import { ipAllowlistEntries } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';

describe.each(testEngines)('IP allowlist on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  const add = (token: string, address: string, note = '', language = 'en-US') =>
    callEndpoint(testApp.app, addIpAllowlistEntry, {
      token,
      body: { address, note },
      headers: { 'accept-language': language },
    });
  const list = async (token: string) => {
    const response = await callEndpoint(testApp.app, listIpAllowlist, { token });
    expect(response.statusCode).toBe(200);
    return response.data();
  };

  it('adds canonical blocks, lists them with the caller’s address and deletes them', async () => {
    const { token } = await registerCustomer(testApp);
    const empty = await list(token);
    expect(empty).toEqual({ items: [], max: MAX_ALLOWLIST_ENTRIES, yourAddress: '127.0.0.1' });

    const single = await add(token, '127.0.0.1', 'office');
    expect(single.statusCode).toBe(200);
    expect(single.data()).toEqual({
      id: expect.any(String),
      cidr: '127.0.0.1/32',
      note: 'office',
      lastUsedAt: null,
      createdAt: expect.any(String),
    });
    const block = await add(token, '2400:CB00:0001::/48', '  lab  ');
    expect(block.data()).toMatchObject({ cidr: '2400:cb00:1::/48', note: 'lab' });

    const listed = await list(token);
    expect(listed.items.map((entry) => entry.cidr)).toEqual(['127.0.0.1/32', '2400:cb00:1::/48']);

    const removed = await callEndpoint(testApp.app, deleteIpAllowlistEntry, {
      token,
      params: { id: single.data().id },
    });
    expect(removed.statusCode).toBe(200);
    expect((await list(token)).items.map((entry) => entry.cidr)).toEqual(['2400:cb00:1::/48']);
    // Deleted once: a second delete finds nothing.
    const again = await callEndpoint(testApp.app, deleteIpAllowlistEntry, {
      token,
      params: { id: single.data().id },
    });
    expect(again.statusCode).toBe(404);
  });

  it.each([
    [
      'example.com',
      errors.allowlistAddressInvalid.code,
      'example.com is not a valid IPv4 or IPv6 address or CIDR block',
    ],
    [
      '8.8.8.9/24',
      errors.allowlistHostBitsSet.code,
      '8.8.8.9/24 has host bits set; write the block as 8.8.8.0/24',
    ],
    [
      '8.8.0.0/23',
      errors.allowlistBlockTooWide.code,
      '8.8.0.0/23 is too wide: at most /24 for IPv4 and /48 for IPv6',
    ],
    [
      '2400:cb00::/47',
      errors.allowlistBlockTooWide.code,
      '2400:cb00::/47 is too wide: at most /24 for IPv4 and /48 for IPv6',
    ],
  ])('refuses %s with a clear message', async (address, code, message) => {
    const { token } = await registerCustomer(testApp);
    const response = await add(token, address);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code, message });
    expect((await list(token)).items).toEqual([]);
  });

  it('refuses a multi-line or overlong note and a blank address', async () => {
    const { token } = await registerCustomer(testApp);
    for (const body of [
      { address: '8.8.8.8', note: 'a\nb' },
      { address: '8.8.8.8', note: 'x'.repeat(101) },
      { address: '   ', note: '' },
    ]) {
      const response = await callEndpoint(testApp.app, addIpAllowlistEntry, { token, body });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe(errors.validationFailed.code);
    }
    expect((await add(token, '8.8.8.8', 'x'.repeat(100))).statusCode).toBe(200);
  });

  it('refuses a block overlapping another customer’s (ambiguous) or the caller’s own', async () => {
    const first = await registerCustomer(testApp);
    const second = await registerCustomer(testApp);
    expect((await add(first.token, '9.9.9.0/24')).statusCode).toBe(200);

    const inside = await add(second.token, '9.9.9.9', '', 'zh-CN');
    expect(inside.statusCode).toBe(409);
    expect(inside.json()).toMatchObject({
      code: errors.allowlistTakenByAnother.code,
      message: '9.9.9.9/32 已被其他账户加入白名单，无法确定归属，不能添加',
    });
    expect((await list(second.token)).items).toEqual([]);

    const own = await add(first.token, '9.9.9.128/25');
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({
      code: errors.allowlistOverlapsOwn.code,
      message: '9.9.9.128/25 overlaps 9.9.9.0/24, already on your allowlist',
    });
  });

  it('answers 404 for another customer’s entry and leaves it in place', async () => {
    const owner = await registerCustomer(testApp);
    const stranger = await registerCustomer(testApp);
    const entry = (await add(owner.token, '8.8.4.4')).data();
    for (const id of [entry.id, randomUUID()]) {
      const response = await callEndpoint(testApp.app, deleteIpAllowlistEntry, {
        token: stranger.token,
        params: { id },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(errors.allowlistEntryNotFound.code);
    }
    expect((await list(owner.token)).items).toHaveLength(1);
    expect((await list(stranger.token)).items).toEqual([]);
  });

  it('needs a session', async () => {
    const response = await callEndpoint(testApp.app, listIpAllowlist);
    expect(response.statusCode).toBe(401);
  });

  it(`holds ${MAX_ALLOWLIST_ENTRIES} entries even when adds race`, async () => {
    const { token, user } = await registerCustomer(testApp);
    for (let index = 0; index < MAX_ALLOWLIST_ENTRIES - 3; index += 1) {
      expect((await add(token, `11.0.${index}.1`)).statusCode).toBe(200);
    }
    // Eight adds at once for three free places: exactly three win.
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) => add(token, `11.1.${index}.1`)),
    );
    const statuses = results.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 422, 422, 422, 422, 422]);
    const refused = results.find((response) => response.statusCode === 422)!;
    expect(refused.json()).toMatchObject({
      code: errors.allowlistFull.code,
      message: 'The allowlist holds at most 20 entries; delete one first',
    });
    const rows = await testApp.database.db.select().from(ipAllowlistEntries);
    expect(rows.filter((row) => row.userId === user.id)).toHaveLength(MAX_ALLOWLIST_ENTRIES);
  });

  it('refuses the same block from two customers at once: one wins', async () => {
    const one = await registerCustomer(testApp);
    const two = await registerCustomer(testApp);
    const results = await Promise.all([add(one.token, '12.0.0.0/24'), add(two.token, '12.0.0.7')]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((response) => response.statusCode === 409)!;
    expect(loser.json().code).toBe(errors.allowlistTakenByAnother.code);
  });
});

describe.each(testEngines)('IP allowlist in production on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine, { env: { NODE_ENV: 'production' } });
  });
  afterAll(() => testApp?.close());

  it.each([
    '127.0.0.1',
    '10.0.0.0/24',
    '192.168.1.1',
    '100.64.0.1',
    'fe80::1',
    '203.0.113.7',
    '224.0.0.1',
    'fd00::/48',
  ])('refuses reserved %s', async (address) => {
    const { token } = await registerCustomer(testApp);
    const response = await callEndpoint(testApp.app, addIpAllowlistEntry, {
      token,
      body: { address, note: '' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: errors.allowlistAddressReserved.code,
      message: `${address} is a private or reserved address; allowlist a public address`,
    });
  });

  it('takes a public address', async () => {
    const { token } = await registerCustomer(testApp);
    const response = await callEndpoint(testApp.app, addIpAllowlistEntry, {
      token,
      body: { address: '1.1.1.1', note: '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.data().cidr).toBe('1.1.1.1/32');
  });
});
