import type { Instance, Locale } from '@stratus/contract';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { ExpiryCell } from './expiry-cell.tsx';

const DAY_MS = 86_400_000;

function instanceWarned(renewalWarning: string | null): Instance {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    ip: '203.0.113.7',
    port: 1080,
    vmessPort: 10086,
    protocols: ['socks5', 'http', 'vmess'],
    unavailableProtocols: [],
    username: 'user_7',
    password: 'secret',
    vmessId: '1b2c3d4e-0000-4000-8000-000000000000',
    country: 'JP',
    countryName: '日本',
    city: '东京',
    lineType: 'isp_residential',
    remark: '',
    status: 'active',
    autoRenew: true,
    renewalWarning,
    flaggedForReplacement: false,
    usage30Days: 0,
    replacementsLeftThisMonth: 1,
    freeReplacementUntil: '2026-01-02T00:00:00.000Z',
    createdAt: '2026-11-01T08:00:00.000Z',
    expiresAt: new Date(Date.now() + 2 * DAY_MS).toISOString(),
  };
}

async function hoverWarning(language: Locale, renewalWarning: string) {
  await act(() => changeLanguage(language));
  renderWithProviders(<ExpiryCell instance={instanceWarned(renewalWarning)} />);
  const tag = screen.getByText(language === 'zh-CN' ? '续费失败' : 'Renewal failed');
  await userEvent.hover(tag);
  return screen.findByRole('tooltip');
}

afterEach(async () => {
  await act(() => changeLanguage('zh-CN'));
});

// Every code the auto-renew job records (its `warnedFailures`), then one it does not know.
describe('ExpiryCell renewal warning', () => {
  it.each<[Locale, string, string]>([
    [
      'zh-CN',
      'insufficientBalance',
      '自动续费失败：账户余额不足。请充值，到期前系统会自动重试续费。',
    ],
    [
      'en-US',
      'insufficientBalance',
      'Auto-renewal failed: your balance is too low. Top up and it is retried automatically before the IP expires.',
    ],
    [
      'zh-CN',
      'durationNotOffered',
      '自动续费失败：该地区线路已停售，无法续费。请在到期前购买新的 IP。',
    ],
    [
      'en-US',
      'durationNotOffered',
      'Auto-renewal failed: this region and line are no longer on sale, so the IP cannot be renewed. Buy a new IP before it expires.',
    ],
    ['zh-CN', 'instanceNotRenewable', '自动续费失败：该 IP 已释放，无法续费，请重新购买。'],
    [
      'en-US',
      'instanceNotRenewable',
      'Auto-renewal failed: this IP has been released and cannot be renewed. Please buy a new one.',
    ],
    ['zh-CN', 'somethingNew', '自动续费失败，请手动续费。'],
    ['en-US', 'somethingNew', 'Auto-renewal failed; please renew manually.'],
    ['en-US', 'toString', 'Auto-renewal failed; please renew manually.'],
  ])('%s explains %s', async (language, code, text) => {
    const tooltip = await hoverWarning(language, code);
    expect(tooltip).toHaveTextContent(text);
    expect(tooltip).not.toHaveTextContent(code);
  });

  it('shows no warning when the last renewal succeeded', () => {
    renderWithProviders(<ExpiryCell instance={instanceWarned(null)} />);
    expect(screen.queryByText('续费失败')).not.toBeInTheDocument();
  });
});
