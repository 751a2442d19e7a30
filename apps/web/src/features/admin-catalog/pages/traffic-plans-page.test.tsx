import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createTrafficPlan,
  deleteTrafficPlan,
  getMe,
  listAdminTrafficPlans,
  updateTrafficPlan,
} from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { respondWithQuietInbox } from '../../../test/inbox-fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { oneGb, profileOf, tenGb } from '../test-fixtures.ts';
import TrafficPlansPage from './traffic-plans-page.tsx';

const api = installFakeApi();
const SAVE = /^保\s?存$/;
const DELETE = /^删\s?除$/;

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(getMe, profileOf('owner'));
  respondWithQuietInbox(api);
  api.respondWith(listAdminTrafficPlans, { items: [tenGb, oneGb] });
});

function renderTrafficPlans() {
  return renderRoutes(
    [{ path: '/admin/catalog/traffic-plans', element: <TrafficPlansPage /> }],
    '/admin/catalog/traffic-plans',
  );
}

async function rowOf(name: string) {
  const edit = await screen.findByRole('button', { name: `编辑 ${name}` });
  return edit.closest('tr')!;
}

async function findDialog() {
  const save = await screen.findByRole('button', { name: SAVE });
  return save.closest<HTMLElement>('[role="dialog"]')!;
}

describe('TrafficPlansPage', { timeout: 30_000 }, () => {
  it('lists plans with price, price per GB and live packages; a plan in use cannot go', async () => {
    renderTrafficPlans();
    const row = await rowOf('10 GB / 30 天');
    expect(within(row).getByText('¥120.00')).toBeInTheDocument();
    expect(within(row).getByText('¥12.00')).toBeInTheDocument();
    expect(within(row).getByText('4')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '删除 10 GB / 30 天' })).toBeDisabled();
    fireEvent.mouseEnter(within(row).getByTestId('delete-blocked'));
    expect(
      await screen.findByText('有 4 个使用中的流量包，不能删除，请改为下架'),
    ).toBeInTheDocument();
    expect(within(await rowOf('1 GB / 30 天')).getByRole('switch')).not.toBeChecked();
  });

  it('adds a plan and shows what was saved', async () => {
    api.respondWith(createTrafficPlan, { ...oneGb, gb: 50, validityDays: 60, price: 500 });
    renderTrafficPlans();
    await userEvent.click(await screen.findByRole('button', { name: /新增流量套餐/ }));
    const dialog = await findDialog();
    await userEvent.type(within(dialog).getByLabelText('流量（GB）'), '50');
    const days = within(dialog).getByLabelText('有效天数');
    await userEvent.clear(days);
    await userEvent.type(days, '60');
    await userEvent.type(within(dialog).getByLabelText('价格（元/包）'), '500');
    await userEvent.click(within(dialog).getByRole('button', { name: SAVE }));
    await waitFor(() => expect(api.requests(createTrafficPlan)).toHaveLength(1));
    expect(api.requests(createTrafficPlan)[0]?.body).toEqual({
      gb: 50,
      validityDays: 60,
      price: 500,
      active: true,
      sortOrder: 0,
    });
    expect(await screen.findByText('已新增流量套餐 50 GB / 60 天')).toBeInTheDocument();
  });

  it('changes a price and shows a hidden plan again', async () => {
    api.respondWith(updateTrafficPlan, (request) => ({
      ...oneGb,
      ...(request.body as object),
    }));
    renderTrafficPlans();
    const row = await rowOf('1 GB / 30 天');
    await userEvent.click(within(row).getByRole('switch'));
    await waitFor(() => expect(api.requests(updateTrafficPlan)).toHaveLength(1));
    expect(api.requests(updateTrafficPlan)[0]?.body).toEqual({ active: true });
    expect(await screen.findByText('1 GB / 30 天 已上架')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: '编辑 1 GB / 30 天' }));
    const dialog = await findDialog();
    const price = within(dialog).getByLabelText('价格（元/包）');
    await userEvent.clear(price);
    await userEvent.type(price, '12.5');
    await userEvent.click(within(dialog).getByRole('button', { name: SAVE }));
    await waitFor(() => expect(api.requests(updateTrafficPlan)).toHaveLength(2));
    expect(api.requests(updateTrafficPlan)[1]).toMatchObject({
      params: { id: oneGb.id },
      body: { gb: 1, validityDays: 30, price: 12.5, active: false, sortOrder: 0 },
    });
  });

  it('deletes a plan nothing uses after confirming', async () => {
    api.respondWith(deleteTrafficPlan, null);
    renderTrafficPlans();
    await userEvent.click(
      within(await rowOf('1 GB / 30 天')).getByRole('button', { name: '删除 1 GB / 30 天' }),
    );
    const confirm = (await screen.findAllByRole('button', { name: DELETE })).find((button) =>
      button.closest('.ant-popconfirm'),
    )!;
    await userEvent.click(confirm);
    await waitFor(() => expect(api.requests(deleteTrafficPlan)).toHaveLength(1));
    expect(api.requests(deleteTrafficPlan)[0]?.params).toEqual({ id: oneGb.id });
  });
});
