import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getBusinessProfile, updateBusinessProfile, type BusinessProfile } from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import SettingsPage from './settings-page.tsx';

const untouched: BusinessProfile = {
  companyName: '',
  address: '',
  taxNumber: '',
  phone: '',
  email: '',
  updatedAt: null,
};
const api = installFakeApi();
// Ant Design spaces out a two-character Chinese button label (保 存).
const SAVE = /^保\s?存$/;

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(getBusinessProfile, untouched);
});

function renderPage() {
  return renderRoutes([{ path: '/admin/settings', element: <SettingsPage /> }], '/admin/settings');
}

describe('SettingsPage', { timeout: 20_000 }, () => {
  it('saves the business details, refusing a wrong taxpayer number in the contract’s words', async () => {
    const saved: BusinessProfile = {
      ...untouched,
      companyName: '云层网络科技（上海）有限公司',
      taxNumber: '91310115MA1K4ABC2X',
      updatedAt: '2026-11-29T02:00:00.000Z',
    };
    api.respondWith(updateBusinessProfile, saved);
    renderPage();
    expect(await screen.findByText('尚未填写')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('公司名称'), saved.companyName);
    await userEvent.type(screen.getByLabelText('纳税人识别号'), '12345');
    await userEvent.click(screen.getByRole('button', { name: SAVE }));
    expect(await screen.findByText(/应为 15、18 或 20 位纳税人识别号/)).toBeInTheDocument();
    expect(api.requests(updateBusinessProfile)).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('纳税人识别号'));
    await userEvent.type(screen.getByLabelText('纳税人识别号'), saved.taxNumber);
    await userEvent.click(screen.getByRole('button', { name: SAVE }));
    expect(await screen.findByText('经营信息已保存')).toBeInTheDocument();
    expect(api.requests(updateBusinessProfile)[0]?.body).toEqual({
      companyName: saved.companyName,
      address: '',
      taxNumber: saved.taxNumber,
      phone: '',
      email: '',
    });
    await waitFor(() => expect(screen.getByText(/最近修改：2026-11-29/)).toBeInTheDocument());
  });
});
