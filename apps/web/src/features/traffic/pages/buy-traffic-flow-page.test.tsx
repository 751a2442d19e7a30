import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createTrafficOrder,
  listTrafficCatalog,
  quoteTrafficOrder,
  type TrafficPlan,
} from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import BuyTrafficFlowPage from './buy-traffic-flow-page.tsx';

const GB = 1024 ** 3;
const smallId = '1a1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const largeId = '2b2f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const plans: TrafficPlan[] = [
  { id: smallId, gb: 10, validityDays: 30, price: 50, pricePerGb: 5 },
  { id: largeId, gb: 100, validityDays: 90, price: 350, pricePerGb: 3.5 },
];

const api = installFakeApi();
let balance = 1000;

beforeEach(() => {
  balance = 1000;
  document.cookie = 'token=abc; path=/';
  api.respondWith(listTrafficCatalog, { items: plans });
  api.respondWith(quoteTrafficOrder, (request) => {
    const body = request.body as { planId: string; quantity: number };
    const plan = plans.find((item) => item.id === body.planId)!;
    const total = plan.price * body.quantity;
    return {
      unitPrice: plan.price,
      quantity: body.quantity,
      totalBytes: plan.gb * body.quantity * GB,
      validityDays: plan.validityDays,
      total,
      balance,
      sufficientBalance: balance >= total,
    };
  });
  api.respondWith(createTrafficOrder, {
    order: {
      id: 'o1',
      orderNo: 'TF20261122001',
      type: 'traffic',
      status: 'paid',
      total: 100,
      items: [],
      instanceIds: [],
      instances: [],
      createdAt: '2026-11-22T00:00:00.000Z',
    },
    package: {
      id: 'p1',
      orderId: 'o1',
      orderNo: 'TF20261122001',
      gb: 20,
      totalBytes: 20 * GB,
      usedBytes: 0,
      remainingBytes: 20 * GB,
      status: 'active',
      createdAt: '2026-11-22T00:00:00.000Z',
      expiresAt: '2026-12-22T00:00:00.000Z',
    },
  });
});

function renderBuy() {
  return renderRoutes(
    [
      { path: '/console/buyTrafficFlow', element: <BuyTrafficFlowPage /> },
      { path: '/console/recharge', element: <p>recharge</p> },
      { path: '/console/trafficFlowPackList', element: <p>packages</p> },
      { path: '/console/buyDynamicIP', element: <p>dynamic</p> },
    ],
    '/console/buyTrafficFlow',
  );
}

// First renders load Ant Design and the charts: slow on a busy machine.
describe('BuyTrafficFlowPage', { timeout: 20_000 }, () => {
  it('shows plans with GB, validity, price, price per GB and marks the best value', async () => {
    renderBuy();
    const small = await screen.findByTestId(`traffic-plan-${smallId}`);
    expect(small).toHaveTextContent('10GB');
    expect(small).toHaveTextContent('有效期 30 天');
    expect(small).toHaveTextContent('¥50.00');
    expect(small).toHaveTextContent('¥5.00/GB');
    expect(small).not.toHaveTextContent('最划算');
    expect(screen.getByTestId(`traffic-plan-${largeId}`)).toHaveTextContent('最划算');
  });

  it('warns when the balance is insufficient and links to the recharge page', async () => {
    balance = 10;
    const { router } = renderBuy();
    await userEvent.click(await screen.findByTestId(`traffic-plan-${smallId}`));
    const link = await screen.findByRole('link', { name: '去充值' });
    expect(screen.getByRole('button', { name: '立即购买' })).toBeDisabled();
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/console/recharge');
  });

  it('quotes the quantity, confirms and pays with an Idempotency-Key', async () => {
    const { router } = renderBuy();
    await userEvent.click(await screen.findByTestId(`traffic-plan-${smallId}`));
    await screen.findByTestId('traffic-quote-total');
    await userEvent.click(screen.getByRole('button', { name: /Increase Value/i }));
    await waitFor(() =>
      expect(screen.getByTestId('traffic-quote-total')).toHaveTextContent('¥50.00 × 2 = ¥100.00'),
    );
    expect(screen.getByTestId('traffic-quote-summary')).toHaveTextContent('20 GB');
    expect(screen.getByText('余额充足，可直接支付')).toBeInTheDocument();
    expect(api.requests(quoteTrafficOrder).at(-1)!.body).toEqual({
      planId: smallId,
      quantity: 2,
    });

    await waitFor(() => expect(screen.getByRole('button', { name: '立即购买' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: '立即购买' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('traffic-confirm-total')).toHaveTextContent('¥100.00');
    await userEvent.click(within(dialog).getByRole('button', { name: /确认支付/ }));

    expect(await screen.findByText('购买成功')).toBeInTheDocument();
    const [purchase] = api.requests(createTrafficOrder);
    expect(purchase!.body).toEqual({ planId: smallId, quantity: 2 });
    expect(purchase!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByText(/TF20261122001/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '使用动态IP' }));
    expect(router.state.location.pathname).toBe('/console/buyDynamicIP');
  });
});
