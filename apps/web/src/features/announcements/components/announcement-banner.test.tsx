import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listCurrentAnnouncements, type Announcement } from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { AnnouncementBanner } from './announcement-banner.tsx';

const outage: Announcement = {
  id: '00000000-0000-4000-8000-0000000000c1',
  severity: 'critical',
  title: '东京线路中断',
  body: '正在抢修。',
  startsAt: '2026-11-24T01:00:00.000Z',
  endsAt: null,
};
const notice: Announcement = {
  id: '00000000-0000-4000-8000-0000000000c2',
  severity: 'info',
  title: '新增洛杉矶地区',
  body: '',
  startsAt: '2026-11-23T01:00:00.000Z',
  endsAt: '2026-12-01T00:00:00.000Z',
};
const api = installFakeApi();

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  localStorage.clear();
  // The server answers the most severe first.
  api.respondWith(listCurrentAnnouncements, { items: [outage, notice] });
});

describe('AnnouncementBanner', { timeout: 20_000 }, () => {
  it('shows the most severe announcement, and after dismissing it the next one', async () => {
    const first = renderWithProviders(<AnnouncementBanner />);
    const banner = await screen.findByTestId('announcement-banner');
    expect(banner).toHaveTextContent('东京线路中断');
    expect(banner).toHaveTextContent('正在抢修。');
    expect(banner).toHaveAttribute('data-severity', 'critical');
    expect(banner).toHaveAttribute('role', 'alert');

    await userEvent.click(screen.getByRole('button', { name: '关闭' }));
    await waitFor(() =>
      expect(screen.getByTestId('announcement-banner')).toHaveTextContent('新增洛杉矶地区'),
    );
    expect(JSON.parse(localStorage.getItem('dismissedAnnouncements') ?? '[]')).toEqual([outage.id]);

    // Remembered in this browser: a new visit starts from the next one.
    first.unmount();
    renderWithProviders(<AnnouncementBanner />);
    const again = await screen.findByTestId('announcement-banner');
    expect(again).toHaveTextContent('新增洛杉矶地区');
    expect(again).toHaveAttribute('data-severity', 'info');
  });

  it('shows nothing once every announcement is dismissed, or when there is none', async () => {
    localStorage.setItem('dismissedAnnouncements', JSON.stringify([outage.id, notice.id]));
    renderWithProviders(<AnnouncementBanner />);
    await waitFor(() => expect(api.requests(listCurrentAnnouncements)).toHaveLength(1));
    expect(screen.queryByTestId('announcement-banner')).not.toBeInTheDocument();
  });
});
