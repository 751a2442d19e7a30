import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createStaticIpPlan,
  deleteStaticIpPlan,
  getMe,
  listAdminRegions,
  listAdminStaticIpPlans,
  updateStaticIpPlan,
  type AdminStaticIpPlan,
} from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { respondWithQuietInbox } from '../../../test/inbox-fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { datacenter, losAngeles, profileOf, residential, tokyo } from '../test-fixtures.ts';
import StaticIpPlansPage from './static-ip-plans-page.tsx';

const api = installFakeApi();
const SAVE = /^保\s?存$/;
const DELETE = /^删\s?除$/;

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(getMe, profileOf('ops'));
  respondWithQuietInbox(api);
  api.respondWith(listAdminRegions, { items: [tokyo, losAngeles] });
  api.respondWith(listAdminStaticIpPlans, { items: [residential, datacenter] });
});

function renderPlans(search = '') {
  return renderRoutes(
    [{ path: '/admin/catalog/static-ip-plans', element: <StaticIpPlansPage /> }],
    `/admin/catalog/static-ip-plans${search}`,
  );
}

const nameOf = (plan: AdminStaticIpPlan) =>
  `日本 · 东京 · ${plan.lineType === 'datacenter' ? '数据中心' : 'ISP住宅'}`;

async function rowOf(plan: AdminStaticIpPlan) {
  const edit = await screen.findByRole('button', { name: `编辑 ${nameOf(plan)}` });
  return edit.closest('tr')!;
}

async function findDrawer() {
  const save = await screen.findByRole('button', { name: SAVE });
  return save.closest<HTMLElement>('.ant-drawer')!;
}

describe('StaticIpPlansPage', { timeout: 30_000 }, () => {
  it('lists plans with protocols, prices, stock and live instances; a plan in use cannot go', async () => {
    renderPlans();
    const row = await rowOf(residential);
    expect(within(row).getByText('JP/tokyo')).toBeInTheDocument();
    expect(within(row).getByText('30 天 ¥35.00')).toBeInTheDocument();
    expect(within(row).getByText('90 天 ¥99.00')).toBeInTheDocument();
    expect(within(row).getByText('SOCKS5 / HTTP / vmess')).toBeInTheDocument();
    expect(within(row).getByText('5')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    const blocked = within(row).getByRole('button', { name: `删除 ${nameOf(residential)}` });
    expect(blocked).toBeDisabled();
    fireEvent.mouseEnter(within(row).getByTestId('delete-blocked'));
    expect(await screen.findByText('有 3 个使用中的 IP，不能删除，请改为下架')).toBeInTheDocument();

    const hidden = await rowOf(datacenter);
    expect(within(hidden).getByText('45 天 ¥40.50')).toBeInTheDocument();
    expect(within(hidden).getByRole('switch')).not.toBeChecked();
    expect(
      within(hidden).getByRole('button', { name: `删除 ${nameOf(datacenter)}` }),
    ).toBeEnabled();
  });

  it('asks before hiding a plan with stock or live IPs, saying what hiding does', async () => {
    api.respondWith(updateStaticIpPlan, { ...residential, active: false });
    renderPlans();
    await userEvent.click(within(await rowOf(residential)).getByRole('switch'));
    const question = await screen.findByText(`下架 ${nameOf(residential)}？`);
    const popup = question.closest<HTMLElement>('.ant-popconfirm')!;
    expect(
      within(popup).getByText(
        '下架后商店不再出售此套餐（库存 5 个）；已售出的 3 个 IP 照常使用，也可以续费。',
      ),
    ).toBeInTheDocument();
    expect(api.requests(updateStaticIpPlan)).toHaveLength(0);
    await userEvent.click(within(popup).getByRole('button', { name: /^取\s?消$/ }));
    expect(within(await rowOf(residential)).getByRole('switch')).toBeChecked();
    expect(api.requests(updateStaticIpPlan)).toHaveLength(0);

    await userEvent.click(within(await rowOf(residential)).getByRole('switch'));
    const again = (await screen.findByText(`下架 ${nameOf(residential)}？`)).closest<HTMLElement>(
      '.ant-popconfirm',
    )!;
    await userEvent.click(within(again).getByRole('button', { name: /^下\s?架$/ }));
    await waitFor(() => expect(api.requests(updateStaticIpPlan)).toHaveLength(1));
    const [request] = api.requests(updateStaticIpPlan);
    expect(request?.params).toEqual({ id: residential.id });
    expect(request?.body).toEqual({ active: false });
    expect(await screen.findByText(`${nameOf(residential)} 已下架`)).toBeInTheDocument();
  });

  it('hides a plan with nothing in stock or sold at once', async () => {
    const empty = { ...datacenter, active: true, stock: 0, liveInstances: 0 };
    api.respondWith(listAdminStaticIpPlans, { items: [empty] });
    api.respondWith(updateStaticIpPlan, { ...empty, active: false });
    renderPlans();
    await userEvent.click(within(await rowOf(empty)).getByRole('switch'));
    await waitFor(() => expect(api.requests(updateStaticIpPlan)).toHaveLength(1));
    expect(api.requests(updateStaticIpPlan)[0]?.body).toEqual({ active: false });
    expect(screen.queryByText(`下架 ${nameOf(empty)}？`)).not.toBeInTheDocument();
  });

  it('puts the prices first in the drawer, before sort order and replacement quota', async () => {
    renderPlans();
    await userEvent.click(
      within(await rowOf(residential)).getByRole('button', { name: `编辑 ${nameOf(residential)}` }),
    );
    const drawer = await findDrawer();
    const labels = Array.from(
      drawer.querySelectorAll('.ant-form-item-label label'),
      (label) => label.textContent,
    );
    const at = (text: string) => labels.findIndex((label) => label?.includes(text));
    expect(at('价格')).toBeGreaterThan(-1);
    expect(at('价格')).toBeLessThan(at('排序'));
    expect(at('价格')).toBeLessThan(at('每月可更换'));
  });

  it('sends the region and line type of the address, and changes them', async () => {
    const { router } = renderPlans(`?regionId=${tokyo.id}`);
    await rowOf(residential);
    expect(api.requests(listAdminStaticIpPlans)[0]?.query).toEqual({ regionId: tokyo.id });
    await userEvent.click(screen.getByRole('combobox', { name: '线路类型' }));
    const options = await screen.findAllByTitle('数据中心');
    await userEvent.click(options.at(-1)!);
    await waitFor(() =>
      expect(api.requests(listAdminStaticIpPlans).at(-1)?.query).toEqual({
        regionId: tokyo.id,
        lineType: 'datacenter',
      }),
    );
    expect(router.state.location.search).toBe(`?regionId=${tokyo.id}&lineType=datacenter`);
  });

  it('edits a plan: a new price row from the presets, a changed price, the whole list sent', async () => {
    api.respondWith(updateStaticIpPlan, datacenter);
    renderPlans();
    await userEvent.click(
      within(await rowOf(datacenter)).getByRole('button', { name: `编辑 ${nameOf(datacenter)}` }),
    );
    const drawer = await findDrawer();
    expect(within(drawer).getByText('库存 2 个 IP，使用中 0 个')).toBeInTheDocument();
    const price45 = within(drawer).getByRole('spinbutton', { name: '价格（元） 45' });
    await userEvent.clear(price45);
    await userEvent.type(price45, '42');
    await userEvent.click(within(drawer).getByRole('button', { name: '+ 30 天' }));
    await userEvent.type(
      await within(drawer).findByRole('spinbutton', { name: '价格（元） 30' }),
      '33',
    );
    const replacements = within(drawer).getByRole('spinbutton', { name: '每月可更换次数' });
    await userEvent.clear(replacements);
    await userEvent.type(replacements, '3');
    await userEvent.type(within(drawer).getByRole('spinbutton', { name: '库存预警线' }), '10');
    // A preset already in the list is not offered again.
    expect(within(drawer).queryByRole('button', { name: '+ 30 天' })).toBeNull();
    await userEvent.click(within(drawer).getByRole('button', { name: SAVE }));
    await waitFor(() => expect(api.requests(updateStaticIpPlan)).toHaveLength(1));
    expect(api.requests(updateStaticIpPlan)[0]?.body).toEqual({
      protocols: ['socks5'],
      active: false,
      sortOrder: 1,
      replacementsPerMonth: 3,
      lowStockMark: 10,
      prices: [
        { durationDays: 30, price: 33 },
        { durationDays: 45, price: 42 },
      ],
    });
    expect(await screen.findByText('已保存套餐')).toBeInTheDocument();
  });

  it('shows a plan’s low-stock mark and takes it away when emptied', async () => {
    api.respondWith(updateStaticIpPlan, { ...residential, lowStockMark: null });
    renderPlans();
    await userEvent.click(
      within(await rowOf(residential)).getByRole('button', { name: `编辑 ${nameOf(residential)}` }),
    );
    const drawer = await findDrawer();
    const mark = within(drawer).getByRole('spinbutton', { name: '库存预警线' });
    expect(mark).toHaveValue('3');
    expect(
      within(drawer).getByText(
        '可售 IP 少于这个数时，邮件通知管理商品目录的员工（1–100000）；留空则不提醒',
      ),
    ).toBeInTheDocument();
    await userEvent.clear(mark);
    await userEvent.click(within(drawer).getByRole('button', { name: SAVE }));
    await waitFor(() => expect(api.requests(updateStaticIpPlan)).toHaveLength(1));
    expect(api.requests(updateStaticIpPlan)[0]?.body).toMatchObject({ lowStockMark: null });
  });

  it('adds a plan with a region, a line type and prices for the durations kept', async () => {
    api.respondWith(createStaticIpPlan, {
      ...datacenter,
      id: '88888888-8888-4888-8888-888888888888',
    });
    renderPlans();
    await userEvent.click(await screen.findByRole('button', { name: /新增套餐/ }));
    const drawer = await findDrawer();
    // Without prices for every row, nothing is sent.
    await userEvent.click(within(drawer).getByRole('button', { name: SAVE }));
    expect(await within(drawer).findAllByText('必填')).not.toHaveLength(0);
    expect(api.requests(createStaticIpPlan)).toHaveLength(0);

    await userEvent.click(within(drawer).getByRole('combobox', { name: '地区' }));
    await userEvent.click((await screen.findAllByTitle('美国 · 洛杉矶 (US/los-angeles)')).at(-1)!);
    await userEvent.click(within(drawer).getByRole('combobox', { name: '线路类型' }));
    await userEvent.click((await screen.findAllByTitle('数据中心')).at(-1)!);
    await userEvent.click(within(drawer).getByRole('checkbox', { name: 'vmess' }));
    for (const days of [180, 365]) {
      await userEvent.click(within(drawer).getByRole('button', { name: `删除 ${days} 天的价格` }));
    }
    await userEvent.type(within(drawer).getByRole('spinbutton', { name: '价格（元） 30' }), '25');
    await userEvent.type(within(drawer).getByRole('spinbutton', { name: '价格（元） 90' }), '69');
    await userEvent.click(within(drawer).getByRole('button', { name: SAVE }));
    await waitFor(() => expect(api.requests(createStaticIpPlan)).toHaveLength(1));
    expect(api.requests(createStaticIpPlan)[0]?.body).toEqual({
      regionId: losAngeles.id,
      lineType: 'datacenter',
      protocols: ['socks5', 'http'],
      active: true,
      sortOrder: 0,
      replacementsPerMonth: 1,
      lowStockMark: null,
      prices: [
        { durationDays: 30, price: 25 },
        { durationDays: 90, price: 69 },
      ],
    });
    expect(await screen.findByText('已新增套餐')).toBeInTheDocument();
  });

  it('deletes a plan nothing uses after confirming', async () => {
    api.respondWith(deleteStaticIpPlan, null);
    renderPlans();
    await userEvent.click(
      within(await rowOf(datacenter)).getByRole('button', { name: `删除 ${nameOf(datacenter)}` }),
    );
    expect(await screen.findByText(`删除套餐 ${nameOf(datacenter)}？`)).toBeInTheDocument();
    expect(api.requests(deleteStaticIpPlan)).toHaveLength(0);
    const confirm = screen
      .getAllByRole('button', { name: DELETE })
      .find((button) => button.closest('.ant-popconfirm'))!;
    await userEvent.click(confirm);
    await waitFor(() => expect(api.requests(deleteStaticIpPlan)).toHaveLength(1));
    expect(api.requests(deleteStaticIpPlan)[0]?.params).toEqual({ id: datacenter.id });
    expect(await screen.findByText(`已删除套餐 ${nameOf(datacenter)}`)).toBeInTheDocument();
  });

  it('shows plans read-only to roles that may only read the catalog', async () => {
    api.respondWith(getMe, profileOf('finance'));
    const { queryClient } = renderPlans();
    const price = await screen.findByText('30 天 ¥35.00');
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /新增套餐|编辑|删除/ })).toBeNull();
    expect(within(price.closest('tr')!).getByText('上架')).toBeInTheDocument();
    expect(
      within((await screen.findByText('45 天 ¥40.50')).closest('tr')!).getByText('下架'),
    ).toBeInTheDocument();
  });
});
