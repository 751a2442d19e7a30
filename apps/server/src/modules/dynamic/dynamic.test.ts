import {
  errors,
  generateDynamicEndpoints,
  getDynamicAccount,
  login as loginEndpoint,
  parseDynamicUsername,
  resetDynamicPassword,
  type DynamicFormat,
  type EndpointDefinition,
  type EndpointQuery,
} from '@stratus/contract';
import { eq, ipAddresses, regions, type Db } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { addIps } from '../../../test/catalog.ts';
import { addTestNode, insertTrafficPackage } from '../../../test/usage.ts';
import { callEndpoint, type CallOptions } from '../../../test/call-endpoint.ts';

const DAY_MS = 86_400_000;

async function addRegion(
  db: Db,
  nodeId: string,
  region: { country: string; countryNameEn: string; cityCode: string; cityNameEn: string },
  { disabled = false } = {},
): Promise<void> {
  const [row] = await db
    .insert(regions)
    .values({ ...region, countryNameZh: `${region.country}国`, cityNameZh: `${region.cityCode}市` })
    .returning();
  if (!row) throw new Error('fixture insert returned no row');
  const ids = await addIps(db, {
    nodeId,
    regionId: row.id,
    lineType: 'isp_residential',
    count: 1,
  });
  if (disabled)
    await db.update(ipAddresses).set({ status: 'retired' }).where(eq(ipAddresses.id, ids[0]!));
}

/** The username and password inside one generated line. */
function credentialsOf(line: string, format: DynamicFormat) {
  if (format === 'hostPortUserPass') {
    const [host, port, username, password] = line.split(':');
    return { host, port, username, password };
  }
  if (format === 'userPassAtHostPort') {
    const [credentials, address] = line.split('@') as [string, string];
    const [username, password] = credentials.split(':');
    const [host, port] = address.split(':');
    return { host, port, username, password };
  }
  const url = new URL(line);
  expect(url.protocol).toBe(`${format}:`);
  return {
    host: url.hostname,
    port: url.port,
    username: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
}

describe.each(testEngines)('dynamic proxies on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine, {
      env: { DYNAMIC_PROXY_HOST: 'dyn.example.com', DYNAMIC_PROXY_PORT: '7777' },
    });
    const db = testApp.database.db;
    const node = await addTestNode(db);
    await addRegion(db, node.id, {
      country: 'JP',
      countryNameEn: 'Japan',
      cityCode: 'tokyo',
      cityNameEn: 'Tokyo',
    });
    await addRegion(
      db,
      node.id,
      { country: 'JP', countryNameEn: 'Japan', cityCode: 'osaka', cityNameEn: 'Osaka' },
      { disabled: true },
    );
    await addRegion(db, node.id, {
      country: 'US',
      countryNameEn: 'United States',
      cityCode: 'new_york',
      cityNameEn: 'New York',
    });
  });
  afterAll(() => testApp?.close());

  const get = <E extends EndpointDefinition>(
    token: string,
    endpoint: E,
    options: CallOptions<E> = {},
  ) => callEndpoint(testApp.app, endpoint, { token, ...options });

  it('creates the account once, lists the regions and resets the password', async () => {
    const { token, user } = await registerCustomer(testApp);
    await insertTrafficPackage(testApp.database.db, {
      userId: user.id,
      totalBytes: 5000n,
      usedBytes: 1200n,
      expiresAt: new Date(Date.now() + 10 * DAY_MS),
    });
    const first = await get(token, getDynamicAccount, { headers: { 'accept-language': 'en-US' } });
    expect(first.statusCode).toBe(200);
    const account = first.data();
    expect(account).toEqual({
      account: expect.stringMatching(/^u[a-z0-9]{9}$/),
      password: expect.stringMatching(/^[A-Za-z0-9]{16}$/),
      host: 'dyn.example.com',
      port: 7777,
      countries: [
        { country: 'JP', countryName: 'Japan', cities: [{ code: 'tokyo', name: 'Tokyo' }] },
        {
          country: 'US',
          countryName: 'United States',
          cities: [{ code: 'new_york', name: 'New York' }],
        },
      ],
      remainingBytes: 3800,
    });
    const again = (
      await get(token, getDynamicAccount, { headers: { 'accept-language': 'zh-CN' } })
    ).data();
    expect(again).toMatchObject({ account: account.account, password: account.password });
    expect(again.countries[0]).toEqual({
      country: 'JP',
      countryName: 'JP国',
      cities: [{ code: 'tokyo', name: 'tokyo市' }],
    });

    const other = (await get((await registerCustomer(testApp)).token, getDynamicAccount)).data();
    expect(other.account).not.toBe(account.account);
    expect(other.remainingBytes).toBe(0);

    const reset = await callEndpoint(testApp.app, resetDynamicPassword, { token });
    expect(reset.statusCode).toBe(200);
    expect(reset.data().account).toBe(account.account);
    expect(reset.data().password).not.toBe(account.password);
    const afterReset = (await get(token, getDynamicAccount)).data();
    expect(afterReset.password).toBe(reset.data().password);
  });

  it('keeps the dynamic proxy password apart from the sign-in password', async () => {
    const { token, email, password } = await registerCustomer(testApp);
    /** The sign-in's envelope code: 0, or the wrong-credentials code. */
    const login = async (withPassword: string) =>
      (
        await callEndpoint(testApp.app, loginEndpoint, { body: { email, password: withPassword } })
      ).json().code;
    const account = (await get(token, getDynamicAccount)).data();
    expect(account.password).not.toBe(password);
    // The proxy password never signs in, and resetting it leaves the sign-in password alone.
    expect(await login(account.password)).toBe(errors.invalidCredentials.code);
    await callEndpoint(testApp.app, resetDynamicPassword, { token });
    expect(await login(password)).toBe(0);
    const reset = (await get(token, getDynamicAccount)).data();
    expect(await login(reset.password)).toBe(errors.invalidCredentials.code);
  });

  it.each(['hostPortUserPass', 'userPassAtHostPort', 'socks5', 'http'] as const)(
    'generates %s lines whose usernames carry the targeting',
    async (format) => {
      const { token } = await registerCustomer(testApp);
      const account = (await get(token, getDynamicAccount)).data();
      const sticky = await get(token, generateDynamicEndpoints, {
        query: {
          country: 'jp',
          city: 'tokyo',
          session: 'sticky',
          sessionMinutes: 15,
          count: 3,
          format,
        },
      });
      expect(sticky.statusCode).toBe(200);
      const lines: string[] = sticky.data().items;
      expect(lines).toHaveLength(3);
      const sessions = new Set<string>();
      for (const line of lines) {
        const credentials = credentialsOf(line, format);
        expect(credentials).toMatchObject({
          host: 'dyn.example.com',
          port: '7777',
          password: account.password,
        });
        const targeting = parseDynamicUsername(credentials.username!);
        expect(targeting).toEqual({
          account: account.account,
          country: 'JP',
          city: 'tokyo',
          session: expect.stringMatching(/^[A-Za-z0-9]{8}$/),
          lifeMinutes: 15,
        });
        sessions.add(targeting!.session!);
      }
      expect(sessions.size).toBe(3);

      const rotating = await get(token, generateDynamicEndpoints, {
        query: { country: 'US', count: 2, format },
      });
      const [one, two] = rotating.data().items as string[];
      expect(one).toBe(two);
      expect(parseDynamicUsername(credentialsOf(one!, format).username!)).toEqual({
        account: account.account,
        country: 'US',
        city: null,
        session: null,
        lifeMinutes: null,
      });
    },
  );

  it('defaults to ten rotating lines from anywhere', async () => {
    const { token } = await registerCustomer(testApp);
    const account = (await get(token, generateDynamicEndpoints)).data();
    expect(account.items).toHaveLength(10);
    const created = (await get(token, getDynamicAccount)).data();
    expect(account.items[0]).toBe(`dyn.example.com:7777:${created.account}:${created.password}`);
  });

  it('refuses regions the pool does not leave from', async () => {
    const { token } = await registerCustomer(testApp);
    const cases: [EndpointQuery<typeof generateDynamicEndpoints>, string][] = [
      [{ country: 'FR' }, 'FR'],
      [{ country: 'JP', city: 'kyoto' }, 'JP/kyoto'],
      // Osaka has only disabled IPs.
      [{ country: 'JP', city: 'osaka' }, 'JP/osaka'],
      [{ country: 'US', city: 'tokyo' }, 'US/tokyo'],
    ];
    for (const [query, region] of cases) {
      const response = await get(token, generateDynamicEndpoints, {
        query,
        headers: {
          'accept-language': 'en-US',
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: errors.dynamicRegionUnavailable.code,
        message: `Dynamic proxies are not available in ${region}`,
      });
    }
    const cityOnly = await get(token, generateDynamicEndpoints, { query: { city: 'tokyo' } });
    expect(cityOnly.statusCode).toBe(400);
    expect(cityOnly.json().code).toBe(errors.validationFailed.code);
    const tooMany = await get(token, generateDynamicEndpoints, { query: { count: 1001 } });
    expect(tooMany.statusCode).toBe(400);
    const anonymous = await callEndpoint(testApp.app, getDynamicAccount);
    expect(anonymous.statusCode).toBe(401);
  });
});
