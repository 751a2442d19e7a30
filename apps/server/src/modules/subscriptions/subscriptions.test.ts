import {
  errors,
  createStaticIpOrder,
  getSubscription,
  getSubscriptionProfile,
  rotateSubscription,
  type SubscriptionFormat,
} from '@stratus/contract';
import { eq, proxyInstances, users } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { creditWallet } from '../../../test/wallet.ts';
import { seedStaticIpPlan } from '../../../test/catalog.ts';
import { insertTrafficPackage } from '../../../test/usage.ts';
import { PROFILE_FETCHES_PER_MINUTE } from './routes.ts';

const DAY_MS = 86_400_000;
/** The patterns mihomo reads `subscription-userinfo` with. */
const TRAFFIC_INFO = /upload=(\d+); download=(\d+); total=(\d+)/;
const EXPIRE_INFO = /expire=(\d+)/;

interface Bought {
  id: string;
  ip: string;
  port: number;
  vmessPort: number;
  username: string;
  password: string;
  vmessId: string;
  protocols: string[];
  expiresAt: string;
}

describe.each(testEngines)('subscriptions on %s', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
  });
  afterAll(() => testApp?.close());

  const db = () => testApp.database.db;
  const customer = async () => {
    const registered = await registerCustomer(testApp);
    await creditWallet(db(), { userId: registered.user.id, amountFen: 1_000_000n });
    return { token: registered.token, userId: registered.user.id };
  };
  const buy = async (
    token: string,
    { quantity = 1, protocols = ['socks5', 'http', 'vmess'] } = {},
  ) => {
    const plan = await seedStaticIpPlan(db(), { stock: quantity, protocols });
    const response = await callEndpoint(testApp.app, createStaticIpOrder, {
      token,
      body: { planId: plan.planId, durationDays: 30, quantity },
    });
    expect(response.statusCode).toBe(200);
    return response.data().instances as Bought[];
  };
  const subscriptionOf = async (token: string) => {
    const response = await callEndpoint(testApp.app, getSubscription, { token });
    expect(response.statusCode).toBe(200);
    return response.data();
  };
  const fetchProfile = (
    subscriptionToken: string,
    { format, userAgent }: { format?: SubscriptionFormat; userAgent?: string } = {},
  ) =>
    callEndpoint(testApp.app, getSubscriptionProfile, {
      params: { token: subscriptionToken },
      query: format ? { format } : {},
      headers: { 'user-agent': userAgent },
    });

  it('makes the token on first use and keeps it; the URL carries it', async () => {
    const { token } = await customer();
    const [first, second] = await Promise.all([subscriptionOf(token), subscriptionOf(token)]);
    expect(second).toEqual(first);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.url).toBe(`http://localhost:80/api/sub/${first.token}`);
    expect(await subscriptionOf(token)).toEqual(first);
    expect((await fetchProfile(first.token)).statusCode).toBe(200);
  });

  it('rotating kills the old URL at once and the new one works', async () => {
    const { token } = await customer();
    const old = await subscriptionOf(token);
    const rotated = await callEndpoint(testApp.app, rotateSubscription, { token });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.data();
    expect(fresh.token).not.toBe(old.token);
    expect(await subscriptionOf(token)).toEqual(fresh);
    const gone = await fetchProfile(old.token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({
      code: errors.subscriptionNotFound.code,
      message: '订阅链接不存在或已失效',
      data: null,
    });
    expect((await fetchProfile(fresh.token)).statusCode).toBe(200);
  });

  it('answers 404 (the envelope) for an unknown token and for a disabled account', async () => {
    const unknown = await fetchProfile('not-a-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: errors.subscriptionNotFound.code, data: null });
    const { token, userId } = await customer();
    const { token: subscriptionToken } = await subscriptionOf(token);
    await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, userId));
    expect((await fetchProfile(subscriptionToken)).statusCode).toBe(404);
  });

  it('refuses the fetch past the per-token limit with 429 and retry-after', async () => {
    const { token } = await customer();
    const { token: subscriptionToken } = await subscriptionOf(token);
    for (let fetch = 0; fetch < PROFILE_FETCHES_PER_MINUTE; fetch += 1) {
      expect((await fetchProfile(subscriptionToken)).statusCode).toBe(200);
    }
    const limited = await fetchProfile(subscriptionToken);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: errors.subscriptionRateLimited.code });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another token is counted apart.
    const other = await subscriptionOf((await customer()).token);
    expect((await fetchProfile(other.token)).statusCode).toBe(200);
  });

  it('serves an empty but loadable profile with no expire when there are no live instances', async () => {
    const { token } = await customer();
    const { token: subscriptionToken } = await subscriptionOf(token);
    const yaml = await fetchProfile(subscriptionToken, { format: 'mihomo' });
    const info = String(yaml.headers['subscription-userinfo']);
    expect(info).toBe('upload=0; download=0; total=0');
    expect(info).not.toMatch(EXPIRE_INFO);
    const profile = parseYaml(yaml.body);
    expect(profile.proxies).toEqual([]);
    expect(profile['proxy-groups']).toEqual([
      { name: 'Stratus', type: 'select', proxies: ['DIRECT'] },
    ]);
    const singBox = JSON.parse((await fetchProfile(subscriptionToken, { format: 'singbox' })).body);
    expect(singBox.outbounds).toEqual([
      { type: 'selector', tag: 'Stratus', outbounds: ['direct'] },
      { type: 'direct', tag: 'direct' },
    ]);
    expect((await fetchProfile(subscriptionToken, { format: 'base64' })).body).toBe('');
  });

  describe('with live instances', () => {
    let owner: { token: string; userId: string };
    let subscriptionToken: string;
    let live: Bought[];
    let theirs: Bought;
    let expired: Bought;

    beforeAll(async () => {
      owner = await customer();
      const all = await buy(owner.token, { quantity: 2 });
      const socksAndHttp = await buy(owner.token, { protocols: ['socks5', 'http'] });
      expired = all[1]!;
      await db()
        .update(proxyInstances)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(proxyInstances.id, expired.id));
      live = [all[0]!, ...socksAndHttp];
      theirs = (await buy((await customer()).token))[0]!;
      await insertTrafficPackage(db(), {
        userId: owner.userId,
        totalBytes: 10_000_000_000n,
        usedBytes: 1_234_567n,
        expiresAt: new Date(Date.now() + 30 * DAY_MS),
      });
      await insertTrafficPackage(db(), {
        userId: owner.userId,
        totalBytes: 5_000_000_000n,
        usedBytes: 7n,
        expiresAt: new Date(Date.now() - DAY_MS),
      });
      subscriptionToken = (await subscriptionOf(owner.token)).token;
    });

    const byIp = (ip: string) => {
      const instance = live.find((item) => item.ip === ip);
      if (!instance) throw new Error(`unexpected server ${ip} (not a live instance of the owner)`);
      return instance;
    };
    /** Each live instance's protocols, as `ip protocol`, sorted. */
    const expectedEntries = () =>
      live.flatMap((instance) => instance.protocols.map((p) => `${instance.ip} ${p}`)).sort();

    it('sends the userinfo, title, update interval and file name headers', async () => {
      const response = await fetchProfile(subscriptionToken, { format: 'mihomo' });
      expect(response.statusCode).toBe(200);
      const info = String(response.headers['subscription-userinfo']);
      expect(info.match(TRAFFIC_INFO)?.slice(1)).toEqual(['0', '1234567', '10000000000']);
      const latest = Math.max(...live.map((instance) => Date.parse(instance.expiresAt)));
      expect(info.match(EXPIRE_INFO)?.[1]).toBe(String(Math.floor(latest / 1000)));
      expect(response.headers['profile-update-interval']).toBe('12');
      const title = String(response.headers['profile-title']);
      expect(Buffer.from(title.replace(/^base64:/, ''), 'base64').toString()).toBe('Stratus');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="stratus-mihomo.yaml"',
      );
    });

    it.each(['mihomo', 'clash'] as const)(
      'serves %s YAML naming exactly the live proxies',
      async (format) => {
        const response = await fetchProfile(subscriptionToken, { format });
        expect(response.headers['content-type']).toBe('text/yaml; charset=utf-8');
        const profile = parseYaml(response.body);
        const entries: string[] = [];
        for (const proxy of profile.proxies) {
          const instance = byIp(proxy.server);
          if (proxy.type === 'vmess') {
            expect(proxy).toMatchObject({
              port: instance.vmessPort,
              uuid: instance.vmessId,
              alterId: 0,
              cipher: 'auto',
            });
          } else {
            expect(proxy).toMatchObject({
              port: instance.port,
              username: instance.username,
              password: instance.password,
            });
          }
          entries.push(`${proxy.server} ${proxy.type}`);
        }
        expect(entries.sort()).toEqual(expectedEntries());
        const names = profile.proxies.map((proxy: { name: string }) => proxy.name);
        expect(new Set(names).size).toBe(names.length);
        expect(profile['proxy-groups']).toEqual([
          { name: 'Stratus', type: 'select', proxies: names },
        ]);
        expect(response.body).not.toContain(theirs.ip);
        expect(response.body).not.toContain(expired.ip);
      },
    );

    it('serves sing-box JSON outbounds with a selector over them', async () => {
      const response = await fetchProfile(subscriptionToken, { format: 'singbox' });
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const { outbounds } = JSON.parse(response.body);
      const [selector, ...rest] = outbounds;
      const proxies = rest.filter((outbound: { type: string }) => outbound.type !== 'direct');
      const entries: string[] = [];
      for (const outbound of proxies) {
        const instance = byIp(outbound.server);
        if (outbound.type === 'vmess') {
          expect(outbound).toMatchObject({
            server_port: instance.vmessPort,
            uuid: instance.vmessId,
            alter_id: 0,
            security: 'auto',
          });
        } else {
          expect(outbound).toMatchObject({
            server_port: instance.port,
            username: instance.username,
            password: instance.password,
          });
          if (outbound.type === 'socks') expect(outbound.version).toBe('5');
        }
        entries.push(`${outbound.server} ${outbound.type === 'socks' ? 'socks5' : outbound.type}`);
      }
      expect(entries.sort()).toEqual(expectedEntries());
      const tags = proxies.map((outbound: { tag: string }) => outbound.tag);
      expect(selector).toEqual({ type: 'selector', tag: 'Stratus', outbounds: tags });
      expect(rest.at(-1)).toEqual({ type: 'direct', tag: 'direct' });
    });

    it('serves base64 share links, one per live proxy', async () => {
      const response = await fetchProfile(subscriptionToken, { format: 'base64' });
      const lines = Buffer.from(response.body, 'base64').toString('utf8').split('\n');
      const entries = lines.map((line) => {
        if (line.startsWith('vmess://')) {
          const share = JSON.parse(Buffer.from(line.slice(8), 'base64').toString('utf8'));
          const instance = byIp(share.add);
          expect(share).toMatchObject({
            port: String(instance.vmessPort),
            id: instance.vmessId,
            aid: '0',
          });
          return `${share.add} vmess`;
        }
        const url = new URL(line);
        const instance = byIp(url.hostname);
        expect([
          decodeURIComponent(url.username),
          decodeURIComponent(url.password),
          Number(url.port),
        ]).toEqual([instance.username, instance.password, instance.port]);
        return `${url.hostname} ${url.protocol.slice(0, -1)}`;
      });
      expect(entries.sort()).toEqual(expectedEntries());
    });

    it.each([
      ['clash-verge/v1.7.7', 'text/yaml'],
      ['ClashMetaForAndroid/2.11.2.Meta', 'text/yaml'],
      ['Stash/2.4.7 Clash/1.9.0', 'text/yaml'],
      ['SFA/1.9.3 (Android 14; sing-box 1.9.3)', 'application/json'],
      ['v2rayN/6.45', 'text/plain'],
      [undefined, 'text/plain'],
    ])('picks the format by the User-Agent %s', async (userAgent, contentType) => {
      const response = await fetchProfile(subscriptionToken, { userAgent });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['content-type']).split(';')[0]).toBe(contentType);
    });
  });
});
