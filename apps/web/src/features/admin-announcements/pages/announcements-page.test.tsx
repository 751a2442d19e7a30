import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createAnnouncement,
  deleteAnnouncement,
  listAdminAnnouncements,
  updateAnnouncement,
  type AdminAnnouncement,
} from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import AnnouncementsPage from './announcements-page.tsx';

const showing: AdminAnnouncement = {
  id: '00000000-0000-4000-8000-0000000000a1',
  titleZh: '东京节点维护',
  titleEn: 'Tokyo maintenance',
  bodyZh: '今晚维护。',
  bodyEn: 'Maintenance tonight.',
  severity: 'critical',
  startsAt: '2026-11-24T01:00:00.000Z',
  endsAt: null,
  state: 'current',
  createdAt: '2026-11-24T00:00:00.000Z',
  updatedAt: '2026-11-24T00:00:00.000Z',
};
const scheduled: AdminAnnouncement = {
  ...showing,
  id: '00000000-0000-4000-8000-0000000000a2',
  titleZh: '价格调整',
  titleEn: 'New prices',
  severity: 'info',
  startsAt: '2026-12-01T00:00:00.000Z',
  endsAt: '2026-12-08T00:00:00.000Z',
  state: 'scheduled',
};
const api = installFakeApi();
// Ant Design spaces out a two-character Chinese button label (删 除).
const DELETE = /^删\s?除$/;
const EDIT = /^编\s?辑$/;
const SAVE = /^保\s?存$/;
const PUBLISH = /^发\s?布$/;

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(listAdminAnnouncements, {
    items: [scheduled, showing],
    total: 2,
    page: 1,
    pageSize: 20,
  });
});

function renderPage(search = '') {
  return renderRoutes(
    [{ path: '/admin/announcements', element: <AnnouncementsPage /> }],
    `/admin/announcements${search}`,
  );
}

async function rowOf(title: string) {
  return (await screen.findByText(title)).closest('tr')!;
}

describe('AnnouncementsPage', { timeout: 20_000 }, () => {
  it('lists announcements with both titles, severity, window and state', async () => {
    renderPage();
    const row = await rowOf('东京节点维护');
    expect(within(row).getByText('Tokyo maintenance')).toBeInTheDocument();
    expect(within(row).getByText('紧急')).toBeInTheDocument();
    expect(within(row).getByText('展示中')).toBeInTheDocument();
    expect(within(row).getByText('直到手动结束')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '立即结束' })).toBeInTheDocument();
    const later = await rowOf('价格调整');
    expect(within(later).getByText('未开始')).toBeInTheDocument();
    // Only a showing announcement can be ended now.
    expect(within(later).queryByRole('button', { name: '立即结束' })).not.toBeInTheDocument();
  });

  it('filters by state through the address', async () => {
    renderPage('?state=ended');
    await rowOf('东京节点维护');
    expect(api.requests(listAdminAnnouncements)[0]?.query).toEqual({
      page: '1',
      pageSize: '20',
      state: 'ended',
    });
    await userEvent.click(screen.getByText('展示中', { selector: '.ant-segmented-item-label' }));
    await waitFor(() =>
      expect(api.requests(listAdminAnnouncements).at(-1)?.query).toMatchObject({
        state: 'current',
      }),
    );
  });

  it('publishes a new announcement in both languages', async () => {
    api.respondWith(createAnnouncement, showing);
    renderPage();
    await rowOf('东京节点维护');
    await userEvent.click(screen.getByRole('button', { name: /新建公告/ }));
    const drawer = await screen.findByRole('dialog');
    // Both titles are required.
    await userEvent.click(within(drawer).getByRole('button', { name: PUBLISH }));
    expect(await within(drawer).findByText('请填写中文标题')).toBeInTheDocument();
    expect(within(drawer).getByText('请填写英文标题')).toBeInTheDocument();
    expect(api.requests(createAnnouncement)).toHaveLength(0);

    await userEvent.type(within(drawer).getByLabelText('中文标题'), '新年活动');
    await userEvent.type(within(drawer).getByLabelText('中文内容'), '全场九折');
    await userEvent.type(within(drawer).getByLabelText('英文标题'), 'New year sale');
    await userEvent.click(within(drawer).getByText('注意'));
    await userEvent.click(within(drawer).getByRole('button', { name: PUBLISH }));
    expect(await screen.findByText('公告已发布')).toBeInTheDocument();
    const [request] = api.requests(createAnnouncement);
    expect(request?.body).toEqual({
      titleZh: '新年活动',
      titleEn: 'New year sale',
      bodyZh: '全场九折',
      bodyEn: '',
      severity: 'warning',
      startsAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      endsAt: null,
    });
  });

  it('sends only the fields an edit changed', async () => {
    api.respondWith(updateAnnouncement, { ...scheduled, titleEn: 'Price changes' });
    renderPage();
    const row = await rowOf('价格调整');
    await userEvent.click(within(row).getByRole('button', { name: EDIT }));
    const drawer = await screen.findByRole('dialog');
    const title = within(drawer).getByLabelText('英文标题');
    expect(title).toHaveValue('New prices');
    // The window reads the business clock (UTC+8), whatever the browser's zone: 00:00 UTC is 08:00.
    expect(within(drawer).getByText('展示时间 (UTC+8)')).toBeInTheDocument();
    expect(within(drawer).getByDisplayValue('2026-12-01 08:00')).toBeInTheDocument();
    expect(within(drawer).getByDisplayValue('2026-12-08 08:00')).toBeInTheDocument();
    await userEvent.clear(title);
    await userEvent.type(title, 'Price changes');
    await userEvent.click(within(drawer).getByRole('button', { name: SAVE }));
    expect(await screen.findByText('公告已保存')).toBeInTheDocument();
    const [request] = api.requests(updateAnnouncement, { params: { id: scheduled.id } });
    expect(request?.body).toEqual({ titleEn: 'Price changes' });
  });

  it('ends a showing announcement now and deletes one', async () => {
    api.respondWith(updateAnnouncement, { ...showing, state: 'ended' });
    api.respondWith(deleteAnnouncement, null);
    renderPage();
    const row = await rowOf('东京节点维护');
    const before = Date.now();
    await userEvent.click(within(row).getByRole('button', { name: '立即结束' }));
    const confirmEnd = await screen.findByRole('tooltip');
    await userEvent.click(within(confirmEnd).getByRole('button', { name: '立即结束' }));
    expect(await screen.findByText('公告已结束')).toBeInTheDocument();
    const [ending] = api.requests(updateAnnouncement, { params: { id: showing.id } });
    const { endsAt } = ending?.body as { endsAt: string };
    expect(Object.keys(ending?.body as object)).toEqual(['endsAt']);
    expect(Date.parse(endsAt)).toBeGreaterThanOrEqual(before);

    const later = await rowOf('价格调整');
    await userEvent.click(within(later).getByRole('button', { name: DELETE }));
    const tooltips = await screen.findAllByRole('tooltip');
    const confirmDelete = tooltips.find((tip) => within(tip).queryByText('删除这条公告？'))!;
    await userEvent.click(within(confirmDelete).getByRole('button', { name: DELETE }));
    expect(await screen.findByText('公告已删除')).toBeInTheDocument();
    expect(api.requests(deleteAnnouncement, { params: { id: scheduled.id } })).toHaveLength(1);
  });
});
