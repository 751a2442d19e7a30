import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  generateDynamicEndpoints,
  getDynamicAccount,
  listSubUsers,
  resetDynamicPassword,
  type DynamicAccount,
} from '@stratus/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import BuyDynamicIpPage from './buy-dynamic-ip-page.tsx';

const account: DynamicAccount = {
  account: 'u8k2m4x9',
  password: 's3cretPass',
  host: 'gw.example.com',
  port: 7000,
  countries: [
    {
      country: 'JP',
      countryName: '日本',
      cities: [
        { code: 'tokyo', name: '东京' },
        { code: 'osaka', name: '大阪' },
      ],
    },
    { country: 'US', countryName: '美国', cities: [] },
  ],
  remainingBytes: 5 * 1024 ** 3,
};
const lines = [
  'socks5://u8k2m4x9-country-jp-city-tokyo-session-aa11-life-60:s3cretPass@gw.example.com:7000',
  'socks5://u8k2m4x9-country-jp-city-tokyo-session-bb22-life-60:s3cretPass@gw.example.com:7000',
];

const api = installFakeApi();
const writeText = vi.fn(async (_text: string) => {});
let remainingBytes = account.remainingBytes;

beforeEach(() => {
  remainingBytes = account.remainingBytes;
  document.cookie = 'token=abc; path=/';
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  api.respondWith(getDynamicAccount, () => ({ ...account, remainingBytes }));
  api.respondWith(resetDynamicPassword, { ...account, password: 'n3wPass' });
  api.respondWith(generateDynamicEndpoints, { items: lines });
  // The sub-users card has its own suite (features/sub-users).
  api.respondWith(listSubUsers, { items: [], max: 50 });
});

afterEach(() => {
  writeText.mockClear();
  vi.restoreAllMocks();
});

function endpointQueries() {
  return api.requests(generateDynamicEndpoints).map((request) => request.query);
}

function renderDynamic() {
  return renderRoutes(
    [
      { path: '/console/buyDynamicIP', element: <BuyDynamicIpPage /> },
      { path: '/console/buyTrafficFlow', element: <p>buy traffic</p> },
    ],
    '/console/buyDynamicIP',
  );
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  const item = await screen.findAllByTitle(option);
  await userEvent.click(item.at(-1)!);
}

// First renders load Ant Design: slow on a busy machine.
describe('BuyDynamicIpPage', { timeout: 20_000 }, () => {
  it('shows the account with a masked password, the entry point and the traffic left', async () => {
    renderDynamic();
    expect(await screen.findByText('u8k2m4x9')).toBeInTheDocument();
    expect(screen.getByText('gw.example.com:7000')).toBeInTheDocument();
    expect(screen.getByTestId('password-value')).toHaveTextContent('••••••••');
    await userEvent.click(screen.getByRole('button', { name: '显示密码' }));
    expect(screen.getByTestId('password-value')).toHaveTextContent('s3cretPass');
    expect(screen.getByTestId('dynamic-remaining')).toHaveTextContent('5 GB');
    expect(screen.queryByText('流量已用完，动态代理暂不可用')).not.toBeInTheDocument();
    expect(screen.getByText(/u8k2m4x9-country-jp-city-tokyo-session/)).toBeInTheDocument();
  });

  it('links to buying traffic when none is left', async () => {
    remainingBytes = 0;
    const { router } = renderDynamic();
    await userEvent.click(await screen.findByRole('link', { name: '购买流量' }));
    expect(router.state.location.pathname).toBe('/console/buyTrafficFlow');
  });

  it('resets the password after a confirmation', async () => {
    renderDynamic();
    await screen.findByText('u8k2m4x9');
    await userEvent.click(screen.getByRole('button', { name: /重置密码/ }));
    const popover = await screen.findByRole('tooltip');
    await userEvent.click(within(popover).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.requests(resetDynamicPassword)).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: '显示密码' }));
    expect(await screen.findByText('n3wPass')).toBeInTheDocument();
  });

  it('generates with the chosen targeting, then copies and downloads the lines', async () => {
    renderDynamic();
    await screen.findByText('u8k2m4x9');
    expect(screen.getByRole('combobox', { name: '城市' })).toBeDisabled();
    await choose('国家/地区', '日本 (JP)');
    await choose('城市', '东京');
    await userEvent.click(screen.getByRole('radio', { name: '粘性' }));
    const minutes = await screen.findByRole('spinbutton', { name: '会话时长' });
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '60');
    const count = screen.getByRole('spinbutton', { name: '数量' });
    await userEvent.clear(count);
    await userEvent.type(count, '2');
    await choose('输出格式', 'socks5://user:pass@host:port');
    await userEvent.click(screen.getByRole('button', { name: /生成/ }));

    const output = await screen.findByRole('textbox', { name: '已生成 2 条' });
    expect(output).toHaveValue(lines.join('\n'));
    expect(output).toHaveAttribute('readonly');
    expect(endpointQueries()[0]).toEqual({
      country: 'JP',
      city: 'tokyo',
      session: 'sticky',
      sessionMinutes: '60',
      count: '2',
      format: 'socks5',
    });

    await userEvent.click(screen.getByRole('button', { name: /复制全部/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(lines.join('\n')));
    expect(await screen.findByText('已复制 2 条代理')).toBeInTheDocument();

    const createObjectURL = vi.fn((_blob: Blob) => 'blob:lines');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: /下载 \.txt/ }));
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('dynamic-proxies.txt');
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe(`${lines.join('\n')}\n`);
  });

  it('asks for any country and a rotating session by default', async () => {
    renderDynamic();
    await screen.findByText('u8k2m4x9');
    expect(screen.queryByRole('spinbutton', { name: '会话时长' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /生成/ }));
    await waitFor(() => expect(endpointQueries()).toHaveLength(1));
    expect(endpointQueries()[0]).toEqual({
      session: 'rotating',
      count: '10',
      format: 'hostPortUserPass',
    });
  });
});
