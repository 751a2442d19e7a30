import { createStaticIpOrder, exportInstances, exportTypes } from '@stratus/contract';
import { eq, proxyInstances } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerCustomer } from '../../../test/accounts.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';
import { creditWallet } from '../../../test/wallet.ts';
import { seedStaticIpPlan } from '../../../test/catalog.ts';

interface Bought {
  id: string;
  ip: string;
  port: number;
  vmessPort: number;
  username: string;
  password: string;
  vmessId: string;
  expiresAt: string;
}

/** `YYYY-MM-DD HH:mm:ss` in UTC+8, the business time zone. */
const chinaTime = (iso: string) =>
  new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

describe.each(testEngines)('instance exports in every format on %s', (engine) => {
  let testApp: TestApp;
  let token: string;
  let mine: Bought[];
  let theirs: Bought;
  beforeAll(async () => {
    testApp = await createTestApp(engine);
    const db = testApp.database.db;
    const buy = async (userToken: string, quantity: number) => {
      const plan = await seedStaticIpPlan(db, { stock: quantity, country: 'JP' });
      const response = await callEndpoint(testApp.app, createStaticIpOrder, {
        token: userToken,
        body: { planId: plan.planId, durationDays: 30, quantity },
      });
      return response.data().instances as Bought[];
    };
    const owner = await registerCustomer(testApp);
    await creditWallet(db, { userId: owner.user.id, amountFen: 1_000_000n });
    token = owner.token;
    mine = await buy(token, 2);
    await db
      .update(proxyInstances)
      .set({ remark: '=SUM(A1), "quoted"' })
      .where(eq(proxyInstances.id, mine[0]!.id));
    const other = await registerCustomer(testApp);
    await creditWallet(db, { userId: other.user.id, amountFen: 1_000_000n });
    theirs = (await buy(other.token, 1))[0]!;
  });
  afterAll(() => testApp?.close());

  const exportOf = (type: (typeof exportTypes)[number], query: Record<string, string> = {}) =>
    callEndpoint(testApp.app, exportInstances, { token, params: { type }, query });
  const lines = (body: string) => body.split('\n');

  it('writes ip:port:user:pass and user:pass@ip:port lines for each instance', async () => {
    const colon = await exportOf('ip-port-user-pass');
    expect(colon.statusCode).toBe(200);
    expect(colon.headers['content-disposition']).toMatch(
      /filename="proxies-ip-port-user-pass-\d{8}\.txt"/,
    );
    expect(lines(colon.body).sort()).toEqual(
      mine.map((item) => `${item.ip}:${item.port}:${item.username}:${item.password}`).sort(),
    );
    const at = await exportOf('user-pass-at-ip-port');
    expect(lines(at.body).sort()).toEqual(
      mine.map((item) => `${item.username}:${item.password}@${item.ip}:${item.port}`).sort(),
    );
    expect(colon.body + at.body).not.toContain(theirs.ip);
  });

  it('writes http:// lines, and narrows any format to the selected ids', async () => {
    const http = await exportOf('http');
    for (const line of lines(http.body)) {
      const url = new URL(line);
      const item = mine.find((candidate) => candidate.ip === url.hostname)!;
      expect([url.protocol, url.username, url.password, Number(url.port)]).toEqual([
        'http:',
        item.username,
        item.password,
        item.port,
      ]);
    }
    expect(lines(http.body)).toHaveLength(2);
    const one = mine[1]!;
    for (const type of exportTypes.filter((name) => name !== 'csv')) {
      const chosen = await exportOf(type, { ids: `${one.id},${theirs.id}` });
      expect(chosen.body, type).toContain(type === 'vmess' ? 'vmess://' : one.ip);
      expect(chosen.body, type).not.toContain(mine[0]!.ip);
      expect(chosen.body, type).not.toContain(theirs.ip);
    }
  });

  it('writes a CSV with titles in the caller’s language, region, protocols and expiry', async () => {
    const csv = await exportOf('csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/filename="proxies-\d{8}\.csv"/);
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = csv.body.slice(1).trimEnd().split('\r\n');
    expect(header).toBe(
      'IP,端口,vmess 端口,协议,用户名,密码,vmess UUID,国家/地区,城市,备注,到期时间 (UTC+8)',
    );
    expect(rows).toHaveLength(2);
    for (const item of mine) {
      const row = rows.find((line) => line.startsWith(`${item.ip},`));
      expect(row, item.ip).toBeDefined();
      const start = [
        item.ip,
        item.port,
        item.vmessPort,
        'socks5/http/vmess',
        item.username,
        item.password,
        item.vmessId,
        'JP',
        '东京',
      ].join(',');
      expect(row!.slice(0, start.length + 1)).toBe(`${start},`);
      expect(row!.slice(row!.lastIndexOf(','))).toBe(`,${chinaTime(item.expiresAt)}`);
    }
    // A remark a spreadsheet would run as a formula stays text, its quotes escaped.
    expect(csv.body).toContain(`"'=SUM(A1), ""quoted"""`);

    const english = await callEndpoint(testApp.app, exportInstances, {
      token,
      params: { type: 'csv' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(english.body.slice(1).split('\r\n')[0]).toBe(
      'IP,Port,vmess port,Protocols,Username,Password,vmess UUID,Country/region,City,Remark,Expires (UTC+8)',
    );
  });

  it('refuses an unknown format and changes nothing', async () => {
    const unknown = await callEndpoint(testApp.app, exportInstances, {
      token,
      rawParams: { type: 'ip:port' },
    });
    expect(unknown.statusCode).toBe(400);
  });
});
