import { describe, expect, it } from 'vitest';
import { i18n } from '../shared/i18n/i18n.ts';
import { CUSTOMER_PAGE_PATHS } from '../shared/paths.ts';
import {
  findPageRoute,
  findRouteByMenuKey,
  menuGroups,
  menuRoutesOf,
  pageRoutes,
  recentPageFor,
} from './routes.ts';

const zh = i18n.getFixedT('zh-CN');
const en = i18n.getFixedT('en-US');

// The seed's console table, verbatim.
const seedConsoleRoutes = [
  ['/console/overview', '首页概览', '0'],
  ['/console/buyStaticIP', '静态IP购买', '1-2'],
  ['/console/ipList', 'IP列表', '1-3'],
  ['/console/ipOrderList', '购买订单', '1-4'],
  ['/console/buyTrafficFlow', '流量购买', '2-1'],
  ['/console/trafficFlowHistory', '流量历史', '2-2'],
  ['/console/trafficFlowPackList', '流量包列表', '2-4'],
  ['/console/recharge', '充值', '3-1'],
  ['/console/businessFlow', '账单流水', '3-2'],
] as const;

describe('route table', () => {
  it.each(seedConsoleRoutes)('%s is titled %s with menu key %s', (path, title, menuKey) => {
    const route = findPageRoute(path);
    expect(route).toBeDefined();
    expect(zh(route!.title)).toBe(title);
    expect(route!.menuKey).toBe(menuKey);
    expect(route!.layout).toBe('console');
    expect(findRouteByMenuKey(menuKey)?.path).toBe(path);
  });

  it('has an English title for every page and group', () => {
    for (const entry of [...pageRoutes, ...menuGroups]) {
      expect(en(entry.title)).not.toBe(entry.title);
      expect(en(entry.title)).not.toBe(zh(entry.title));
    }
    expect(en('nav.overview')).toBe('Overview');
    expect(en('nav.businessFlow')).toBe('Billing records');
  });

  it('groups the menu as the seed: overview, then IP, traffic and wallet management', () => {
    expect(menuRoutesOf(undefined).map((route) => route.menuKey)).toEqual(['0']);
    expect(menuGroups.map((group) => [group.key, zh(group.title)])).toEqual([
      ['/buyDynamicIP', 'IP管理'],
      ['/buyTrafficFlow', '流量管理'],
      ['/recharge', '钱包管理'],
    ]);
    expect(menuRoutesOf('/buyDynamicIP').map((route) => route.menuKey)).toEqual([
      '1-1',
      '1-2',
      '1-3',
      '1-4',
    ]);
    expect(menuRoutesOf('/buyTrafficFlow').map((route) => route.menuKey)).toEqual([
      '2-1',
      '2-2',
      '2-4',
    ]);
    expect(menuRoutesOf('/recharge').map((route) => route.menuKey)).toEqual(['3-1', '3-2']);
  });

  it('puts the dynamic-IP page first in the IP group', () => {
    const route = findPageRoute('/console/buyDynamicIP');
    expect(route).toMatchObject({ menuKey: '1-1', group: '/buyDynamicIP', recent: true });
    expect(zh(route!.title)).toBe('动态IP');
    expect(en(route!.title)).toBe('Dynamic IPs');
    expect(findRouteByMenuKey('1-1')?.path).toBe('/console/buyDynamicIP');
  });

  it('has the pages outside the menu and the portal pages', () => {
    for (const path of ['/console/checkout-counter', '/console/line-buy', '/console/router-buy']) {
      const route = findPageRoute(path);
      expect(route?.layout).toBe('console');
      expect(route?.menuKey).toBeUndefined();
    }
    for (const path of ['/portal/home', '/portal/auth', '/portal/paySuccess']) {
      expect(findPageRoute(path)?.layout).toBe('portal');
    }
    // Seed: home and auth load the same page.
    expect(findPageRoute('/portal/home')?.load).toBe(findPageRoute('/portal/auth')?.load);
  });

  it('gives every page an icon in the menu and unique paths and keys', () => {
    const paths = pageRoutes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    const keys = pageRoutes.flatMap((route) => (route.menuKey ? [route.menuKey] : []));
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of pageRoutes.filter((entry) => entry.menuKey))
      expect(route.icon).toBeDefined();
  });

  it('never records checkout, line and router purchase pages as recent', () => {
    expect(recentPageFor('/console/checkout-counter')).toBeNull();
    expect(recentPageFor('/console/line-buy')).toBeNull();
    expect(recentPageFor('/console/router-buy')).toBeNull();
    expect(recentPageFor('/portal/home')).toBeNull();
    expect(recentPageFor('/console/unknown')).toBeNull();
    expect(recentPageFor('/console/ipList/')).toEqual({
      title: 'nav.ipList',
      path: '/console/ipList',
    });
  });

  it('lists every page for the layout sweep, and only pages of the table', () => {
    // The browser sweep (e2e/customer-layout.test.ts) opens the pages of this list.
    expect([...CUSTOMER_PAGE_PATHS].sort()).toEqual(pageRoutes.map((route) => route.path).sort());
  });
});
