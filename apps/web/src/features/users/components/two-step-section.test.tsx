import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  confirmTotpEnrolment,
  disableTotp,
  getTwoStepStatus,
  regenerateRecoveryCodes,
  startTotpEnrolment,
} from '@stratus/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../shared/i18n/i18n.ts';
import { failOnAntdDeprecations } from '../../../test/antd-deprecations.ts';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { TwoStepSection } from './two-step-section.tsx';

const api = installFakeApi();
failOnAntdDeprecations();
const writeText = vi.fn<(text: string) => Promise<void>>();
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const codes = Array.from({ length: 10 }, (_, index) => `abcd${index}-efgh${index}`);

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  writeText.mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
});

afterEach(async () => {
  await changeLanguage('zh-CN');
});

describe('TwoStepSection', () => {
  it('switches on: QR code and secret, a code, then the recovery codes once', async () => {
    let enabled = false;
    api.respondWith(getTwoStepStatus, () => ({
      enabled,
      factors: enabled ? ['totp' as const] : [],
      recoveryCodesLeft: enabled ? 10 : 0,
    }));
    api.respondWith(startTotpEnrolment, {
      secret,
      otpauthUrl: `otpauth://totp/Stratus:ada%40example.com?secret=${secret}&issuer=Stratus`,
    });
    api.respondWithError(confirmTotpEnrolment, 'secondFactorIncorrect', {
      when: (request) => (request.body as { code: string }).code === '000000',
    });
    api.respondWith(confirmTotpEnrolment, () => {
      enabled = true;
      return { recoveryCodes: codes };
    });
    renderWithProviders(<TwoStepSection />);
    expect(await screen.findByText('未启用')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^启\s?用$/ }));
    const dialog = await screen.findByRole('dialog', { name: '启用两步验证' });
    expect(await within(dialog).findByTestId('totp-secret')).toHaveTextContent(secret);
    expect(dialog.querySelector('.ant-qrcode svg')).not.toBeNull();
    const input = within(dialog).getByLabelText('验证码');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(input, '12');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认启用' }));
    expect(await within(dialog).findByText('请输入 6 位数字验证码')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '000000');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认启用' }));
    expect(await within(dialog).findByText(/验证码错误或已使用/)).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认启用' }));

    const list = await screen.findByRole('list', { name: '恢复码' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(list).toHaveTextContent(codes[0]!);
    expect(api.requests(confirmTotpEnrolment).at(-1)!.body).toEqual({ code: '123456' });
    await userEvent.click(screen.getByRole('button', { name: '复制全部' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(codes.join('\n')));
    await userEvent.click(screen.getByRole('button', { name: '我已保存' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: '恢复码' })).toBeNull());
    expect(await screen.findByText('已启用')).toBeInTheDocument();
    expect(screen.getByText(/剩余恢复码 10 个/)).toBeInTheDocument();
  });

  it('regenerates recovery codes and switches off with a code, in English', async () => {
    await changeLanguage('en-US');
    let enabled = true;
    api.respondWith(getTwoStepStatus, () => ({
      enabled,
      factors: enabled ? ['totp' as const] : [],
      recoveryCodesLeft: enabled ? 4 : 0,
    }));
    api.respondWith(regenerateRecoveryCodes, { recoveryCodes: codes });
    api.respondWith(disableTotp, () => {
      enabled = false;
      return null;
    });
    renderWithProviders(<TwoStepSection />);
    expect(await screen.findByText(/Recovery codes left: 4/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'New recovery codes' }));
    let dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    await userEvent.type(
      within(dialog).getByLabelText('Verification code or recovery code'),
      'abcde-23456',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'New recovery codes' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toHaveTextContent(
      codes[9]!,
    );
    expect(api.requests(regenerateRecoveryCodes)[0]!.body).toEqual({ code: 'abcde-23456' });
    await userEvent.click(screen.getByRole('button', { name: 'I have saved them' }));

    await userEvent.click(screen.getByRole('button', { name: 'Switch off' }));
    dialog = await screen.findByRole('dialog', { name: 'Switch off two-step verification' });
    await userEvent.type(
      within(dialog).getByLabelText('Verification code or recovery code'),
      '654321',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch off' }));
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(api.requests(disableTotp)[0]!.body).toEqual({ code: '654321' });
  });
});
