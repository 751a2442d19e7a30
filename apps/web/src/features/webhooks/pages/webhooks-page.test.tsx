import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  updateWebhookEndpoint,
  webhookEvents,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { failOnAntdDeprecations } from '../../../test/antd-deprecations.ts';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import WebhooksPage from './webhooks-page.tsx';

const endpointId = '11111111-1111-4111-8111-111111111111';
const endpoint: WebhookEndpoint = {
  id: endpointId,
  url: 'https://hooks.example.com/stratus',
  events: ['payment.credited', 'instance.expiring', 'order.paid'],
  enabled: false,
  disabledReason: 'failing',
  failingSince: '2026-11-26T02:00:00.000Z',
  createdAt: '2026-11-01T08:00:00.000Z',
};
const delivery: WebhookDelivery = {
  id: '33333333-3333-4333-8333-333333333333',
  eventId: '44444444-4444-4444-8444-444444444444',
  event: 'payment.credited',
  state: 'failed',
  attempts: 7,
  statusCode: null,
  error: 'connect ECONNREFUSED 203.0.114.10:443',
  durationMs: 12,
  createdAt: '2026-11-28T02:00:00.000Z',
  lastAttemptAt: '2026-11-29T01:00:00.000Z',
  nextAttemptAt: null,
  deliveredAt: null,
};
const secret = `whsec_${'a'.repeat(43)}`;
const api = installFakeApi();
failOnAntdDeprecations();

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(listWebhookEndpoints, { items: [endpoint], max: 5 });
  api.respondWith(createWebhookEndpoint, (request) => ({
    ...endpoint,
    ...(request.body as Partial<WebhookEndpoint>),
    id: '22222222-2222-4222-8222-222222222222',
    enabled: true,
    disabledReason: null,
    failingSince: null,
    secret,
  }));
  api.respondWith(updateWebhookEndpoint, (request) => ({
    ...endpoint,
    ...(request.body as Partial<WebhookEndpoint>),
  }));
  api.respondWith(deleteWebhookEndpoint, null);
  api.respondWith(listWebhookDeliveries, { items: [delivery], total: 1, page: 1, pageSize: 20 });
  api.respondWith(resendWebhookDelivery, { ...delivery, state: 'pending', attempts: 0 });
});

describe('WebhooksPage', { timeout: 20_000 }, () => {
  it('shows an endpoint switched off for failing, with since when', async () => {
    renderWithProviders(<WebhooksPage />);
    const row = (await screen.findByText('https://hooks.example.com/stratus')).closest('tr')!;
    expect(within(row).getByText('连续失败已停用')).toBeInTheDocument();
    expect(within(row).getByText('自 2026-11-26 10:00:00 起推送失败')).toBeInTheDocument();
    expect(within(row).getByText('3 个事件')).toBeInTheDocument();
    expect(screen.getByText('1 / 5 个地址')).toBeInTheDocument();
  });

  it('adds an endpoint for chosen events and shows its secret once', async () => {
    renderWithProviders(<WebhooksPage />);
    await screen.findByText('https://hooks.example.com/stratus');
    await userEvent.click(screen.getByRole('button', { name: /添加地址/ }));
    const dialog = await screen.findByRole('dialog');
    const url = within(dialog).getByRole('textbox', { name: '接收地址' });
    await userEvent.type(url, 'ftp://nowhere');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(
      await within(dialog).findByText('请填写以 http:// 或 https:// 开头的完整网址'),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText('请至少选择一个事件')).toBeInTheDocument();
    expect(api.requests(createWebhookEndpoint)).toHaveLength(0);

    await userEvent.clear(url);
    await userEvent.type(url, ' https://shop.example.com/hooks ');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /充值到账/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /自动续费失败/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(api.requests(createWebhookEndpoint).at(-1)?.body).toEqual({
        url: 'https://shop.example.com/hooks',
        events: ['payment.credited', 'instance.renewal_failed'],
      }),
    );
    const shown = await screen.findByTestId('webhook-secret');
    expect(shown).toHaveTextContent(secret);
    // The list shows no secret: only this dialog ever does (the browser journey closes it).
    const row = screen.getByText('https://hooks.example.com/stratus').closest('tr')!;
    expect(row).not.toHaveTextContent('whsec_');
  });

  it('selects every event at once', async () => {
    renderWithProviders(<WebhooksPage />);
    await screen.findByText('https://hooks.example.com/stratus');
    await userEvent.click(screen.getByRole('button', { name: /添加地址/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: '接收地址' }),
      'https://a.example.com/h',
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '全选' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(api.requests(createWebhookEndpoint).at(-1)?.body).toEqual({
        url: 'https://a.example.com/h',
        events: [...webhookEvents],
      }),
    );
  });

  it('switches an endpoint on, edits its events and deletes it', async () => {
    renderWithProviders(<WebhooksPage />);
    const row = (await screen.findByText('https://hooks.example.com/stratus')).closest('tr')!;
    await userEvent.click(within(row).getByRole('switch'));
    await waitFor(() =>
      expect(api.requests(updateWebhookEndpoint).at(-1)?.body).toEqual({ enabled: true }),
    );

    await userEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('checkbox', { name: /订单支付成功/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /订单支付成功/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(api.requests(updateWebhookEndpoint).at(-1)?.body).toEqual({
        url: 'https://hooks.example.com/stratus',
        events: ['payment.credited', 'instance.expiring'],
      }),
    );

    await userEvent.click(within(row).getByRole('button', { name: /删\s*除/ }));
    const popover = (await screen.findAllByRole('tooltip')).at(-1)!;
    await userEvent.click(within(popover).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(api.requests(deleteWebhookEndpoint)).toHaveLength(1));
    expect(api.requests(deleteWebhookEndpoint)[0]!.params).toEqual({ id: endpointId });
  });

  it('reads the delivery log; resend waits until the endpoint is on', async () => {
    api.respondWith(listWebhookEndpoints, {
      items: [{ ...endpoint, enabled: true, disabledReason: null }],
      max: 5,
    });
    renderWithProviders(<WebhooksPage />);
    const row = (await screen.findByText('https://hooks.example.com/stratus')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '推送记录' }));
    const drawer = await screen.findByRole('dialog');
    const line = (await within(drawer).findByText('connect ECONNREFUSED 203.0.114.10:443')).closest(
      'tr',
    )!;
    expect(within(line).getByText('充值到账')).toBeInTheDocument();
    expect(within(line).getByText('失败')).toBeInTheDocument();
    expect(within(line).getByText('12 ms')).toBeInTheDocument();
    expect(within(line).getByText('7')).toBeInTheDocument();
    await userEvent.click(within(line).getByRole('button', { name: '重新发送' }));
    await waitFor(() => expect(api.requests(resendWebhookDelivery)).toHaveLength(1));
    expect(api.requests(resendWebhookDelivery)[0]!.params).toEqual({ id: delivery.id });
  });

  it('shows how to verify a signature in Node and Python', async () => {
    renderWithProviders(<WebhooksPage />);
    await userEvent.click(await screen.findByRole('button', { name: /如何验证签名/ }));
    expect(await screen.findByText(/timingSafeEqual\(given, expected\)/)).toBeInTheDocument();
    expect(screen.getByText(/hmac\.compare_digest/)).toBeInTheDocument();
  });
});
