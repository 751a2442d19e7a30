import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRegion, getMe, listAdminRegions, updateRegion } from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { respondWithQuietInbox } from '../../../test/inbox-fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { losAngeles, profileOf, tokyo } from '../test-fixtures.ts';
import RegionsPage from './regions-page.tsx';

const api = installFakeApi();
// Ant Design spaces out a two-character Chinese button label (保 存).
const SAVE = /^保\s?存$/;

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(getMe, profileOf('ops'));
  respondWithQuietInbox(api);
  api.respondWith(listAdminRegions, { items: [tokyo, losAngeles] });
});

function renderRegions() {
  return renderRoutes(
    [{ path: '/admin/catalog/regions', element: <RegionsPage /> }],
    '/admin/catalog/regions',
  );
}

async function rowOf(code: string) {
  const cell = await screen.findByText(code);
  return cell.closest('tr')!;
}

/** The open dialog, found by its save button (antd dialogs share one label id in tests). */
async function findDialog() {
  const save = await screen.findByRole('button', { name: SAVE });
  return save.closest<HTMLElement>('[role="dialog"]')!;
}

// First renders load Ant Design: slow on a busy machine.
describe('RegionsPage', { timeout: 20_000 }, () => {
  it('lists regions with codes, names in both languages, plans and IPs for sale', async () => {
    renderRegions();
    const row = await rowOf('JP/tokyo');
    expect(within(row).getByText('日本 / Japan')).toBeInTheDocument();
    expect(within(row).getByText('东京 / Tokyo')).toBeInTheDocument();
    expect(within(row).getByText('7')).toBeInTheDocument();
    expect(within(await rowOf('US/los-angeles')).getByText('5')).toBeInTheDocument();
  });

  it('adds a region, refusing a bad country code in the contract’s words first', async () => {
    api.respondWith(createRegion, (request) => ({
      ...losAngeles,
      ...(request.body as object),
      id: '77777777-7777-4777-8777-777777777777',
      plans: 0,
      availableIps: 0,
    }));
    renderRegions();
    await userEvent.click(await screen.findByRole('button', { name: /新增地区/ }));
    const dialog = await findDialog();
    const field = (label: string) => within(dialog).getByLabelText(label);
    await userEvent.type(field('国家代码'), 'FRA');
    await userEvent.type(field('城市代码'), 'paris');
    await userEvent.type(field('国家名称（中文）'), '法国');
    await userEvent.type(field('国家名称（英文）'), 'France');
    await userEvent.type(field('城市名称（中文）'), '巴黎');
    await userEvent.type(field('城市名称（英文）'), 'Paris');
    // The input holds two letters at most: type a digit to break the rule instead.
    await userEvent.clear(field('国家代码'));
    await userEvent.type(field('国家代码'), 'F1');
    await userEvent.click(within(dialog).getByRole('button', { name: SAVE }));
    expect(
      await within(dialog).findByText('必须是两个字母的国家代码（ISO 3166-1），如 JP'),
    ).toBeInTheDocument();
    expect(api.requests(createRegion)).toHaveLength(0);

    await userEvent.clear(field('国家代码'));
    await userEvent.type(field('国家代码'), 'fr');
    await userEvent.click(within(dialog).getByRole('button', { name: SAVE }));
    await waitFor(() => expect(api.requests(createRegion)).toHaveLength(1));
    expect(api.requests(createRegion)[0]?.body).toEqual({
      country: 'fr',
      cityCode: 'paris',
      countryNameZh: '法国',
      countryNameEn: 'France',
      cityNameZh: '巴黎',
      cityNameEn: 'Paris',
      sortOrder: 0,
    });
    expect(await screen.findByText('已新增地区 fr/paris')).toBeInTheDocument();
  });

  it('edits names and sort order only: the codes are fixed', async () => {
    api.respondWith(updateRegion, { ...tokyo, cityNameEn: 'Tokyo City', sortOrder: 3 });
    renderRegions();
    await userEvent.click(
      within(await rowOf('JP/tokyo')).getByRole('button', { name: '编辑 JP/tokyo' }),
    );
    const dialog = await findDialog();
    expect(within(dialog).getByLabelText('国家代码')).toBeDisabled();
    expect(within(dialog).getByLabelText('城市代码')).toBeDisabled();
    const english = within(dialog).getByLabelText('城市名称（英文）');
    await userEvent.clear(english);
    await userEvent.type(english, 'Tokyo City');
    const sortOrder = within(dialog).getByLabelText('排序');
    await userEvent.clear(sortOrder);
    await userEvent.type(sortOrder, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: SAVE }));
    await waitFor(() => expect(api.requests(updateRegion)).toHaveLength(1));
    const [request] = api.requests(updateRegion);
    expect(request?.params).toEqual({ id: tokyo.id });
    expect(request?.body).toEqual({
      countryNameZh: '日本',
      countryNameEn: 'Japan',
      cityNameZh: '东京',
      cityNameEn: 'Tokyo City',
      sortOrder: 3,
    });
    expect(await screen.findByText('已保存地区 JP/tokyo')).toBeInTheDocument();
  });

  it('shows a read-only list to roles that may only read the catalog', async () => {
    api.respondWith(getMe, profileOf('finance'));
    const { queryClient } = renderRegions();
    const row = await rowOf('JP/tokyo');
    // Once the profile has arrived the page knows the role: nothing left to load.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(api.requests(getMe).length).toBeGreaterThan(0);
    expect(within(row).queryByRole('button', { name: /编辑/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增地区/ })).toBeNull();
  });
});
