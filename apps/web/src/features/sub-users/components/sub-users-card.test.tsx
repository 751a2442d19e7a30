import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createSubUser,
  deleteSubUser,
  listSubUsers,
  updateSubUser,
  type SubUser,
} from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { failOnAntdDeprecations } from '../../../test/antd-deprecations.ts';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { SubUsersCard } from './sub-users-card.tsx';

const GB = 1024 ** 3;
const subUserId = '11111111-1111-4111-8111-111111111111';
const subUser: SubUser = {
  id: subUserId,
  name: 'crawler',
  username: 'uabcdefghi',
  password: 'p4ssw0rdP4ssw0rd',
  capGb: 2,
  usedBytes: GB / 2,
  enabled: true,
  createdAt: '2026-11-01T08:00:00.000Z',
  host: 'gw.example.com',
  port: 7000,
};
const api = installFakeApi();
failOnAntdDeprecations();

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(listSubUsers, { items: [subUser], max: 50 });
  api.respondWith(createSubUser, { ...subUser, id: '22222222-2222-4222-8222-222222222222' });
  api.respondWith(updateSubUser, (request) => ({
    ...subUser,
    ...(request.body as Partial<SubUser>),
  }));
  api.respondWith(deleteSubUser, null);
});

describe('SubUsersCard', { timeout: 20_000 }, () => {
  it('shows credentials with a masked password, the usage against the cap and the entry point', async () => {
    renderWithProviders(<SubUsersCard />);
    const row = (await screen.findByText('crawler')).closest('tr')!;
    expect(within(row).getByText('uabcdefghi')).toBeInTheDocument();
    expect(within(row).getByTestId('password-value')).toHaveTextContent('••••••••');
    await userEvent.click(within(row).getByRole('button', { name: '显示密码' }));
    expect(within(row).getByTestId('password-value')).toHaveTextContent('p4ssw0rdP4ssw0rd');
    expect(within(row).getByText('已用 512 MB / 2 GB')).toBeInTheDocument();
    expect(screen.getByText('gw.example.com:7000')).toBeInTheDocument();
    expect(screen.getByText('1 / 50')).toBeInTheDocument();
  });

  it('creates a sub-user with a cap', async () => {
    renderWithProviders(<SubUsersCard />);
    await screen.findByText('crawler');
    await userEvent.click(screen.getByRole('button', { name: /新建子账户/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: '名称' }), 'team');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: '流量上限' }), '1.5');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(api.requests(createSubUser).at(-1)?.body).toEqual({ name: 'team', capGb: 1.5 }),
    );
  });

  it('edits, disables, resets the password and deletes', async () => {
    renderWithProviders(<SubUsersCard />);
    const row = (await screen.findByText('crawler')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    const cap = within(dialog).getByRole('spinbutton', { name: '流量上限' });
    expect(cap).toHaveValue('2.00');
    await userEvent.clear(cap);
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(api.requests(updateSubUser).at(-1)?.body).toEqual({ name: 'crawler', capGb: null }),
    );

    await userEvent.click(within(row).getByRole('switch', { name: '启用' }));
    await waitFor(() =>
      expect(api.requests(updateSubUser).at(-1)?.body).toEqual({ enabled: false }),
    );

    await userEvent.click(within(row).getByRole('button', { name: '重置密码' }));
    let popover = await screen.findByRole('tooltip');
    await userEvent.click(within(popover).getByRole('button', { name: '重置密码' }));
    await waitFor(() =>
      expect(api.requests(updateSubUser).at(-1)?.body).toEqual({ resetPassword: true }),
    );

    await userEvent.click(within(row).getByRole('button', { name: /删\s*除/ }));
    popover = (await screen.findAllByRole('tooltip')).at(-1)!;
    await userEvent.click(within(popover).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(api.requests(deleteSubUser)).toHaveLength(1));
    expect(api.requests(deleteSubUser)[0]!.params).toEqual({ id: subUserId });
  });
});
