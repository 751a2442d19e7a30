import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createInstanceCheck,
  exportInstances,
  getInstanceCheck,
  listInstances,
  listStaticIpCatalog,
  quoteRenewal,
  renewInstance,
  renewInstances,
  replaceInstance,
  updateInstance,
  type EndpointData,
  type Instance,
} from '@stratus/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failOnAntdDeprecations } from '../../../test/antd-deprecations.ts';
import { installFakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { emulateWindowWidth } from '../../../test/window-width.ts';
import IpListPage from './ip-list-page.tsx';

const DAY_MS = 86_400_000;
const firstId = '11111111-1111-4111-8111-111111111111';
const secondId = '22222222-2222-4222-8222-222222222222';

function instance(id: string, ip: string, expiresInDays: number, password: string): Instance {
  return {
    id,
    ip,
    port: 1080,
    vmessPort: 10086,
    protocols: ['socks5', 'http', 'vmess'],
    unavailableProtocols: [],
    username: `user_${ip.split('.').at(-1)}`,
    password,
    vmessId: '1b2c3d4e-0000-4000-8000-000000000000',
    country: 'JP',
    countryName: '日本',
    city: '东京',
    lineType: 'isp_residential',
    remark: '',
    status: 'active',
    autoRenew: false,
    renewalWarning: null,
    flaggedForReplacement: false,
    usage30Days: 3 * 1024 ** 3,
    replacementsLeftThisMonth: 1,
    freeReplacementUntil: '2026-01-02T00:00:00.000Z',
    createdAt: '2026-11-01T08:00:00.000Z',
    expiresAt: new Date(Date.now() + expiresInDays * DAY_MS - 60_000).toISOString(),
  };
}

const rows = [
  instance(firstId, '203.0.113.7', 2, 'secret-one'),
  instance(secondId, '203.0.113.8', 40, 'secret-two'),
];
const api = installFakeApi();
failOnAntdDeprecations();

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(exportInstances, 'socks5://user_7:secret-one@203.0.113.7:1080\n');
  api.respondWith(listInstances, { items: rows, total: 2, page: 1, pageSize: 20 });
  // The country filter's options.
  api.respondWith(listStaticIpCatalog, { items: [] });
  api.respondWith(quoteRenewal, (request) => {
    const body = request.body as { ids: string[]; durationDays: number };
    const total = body.ids.length * (body.durationDays === 90 ? 81 : 30);
    return { total, balance: 500, sufficientBalance: true };
  });
  const renewal = {
    order: {
      id: 'o1',
      orderNo: 'RN1',
      type: 'renewal',
      status: 'paid',
      total: 81,
      items: [],
      instanceIds: [firstId],
      instances: [{ id: firstId, ip: '203.0.113.10', port: 30001 }],
      createdAt: '2026-11-22T00:00:00.000Z',
    },
    instances: [rows[0]!],
  } satisfies EndpointData<typeof renewInstance>;
  api.respondWith(renewInstance, renewal);
  api.respondWith(renewInstances, renewal);
  api.respondWith(updateInstance, (request) => ({
    ...rows[0]!,
    ...(request.body as Partial<Instance>),
  }));
});

afterEach(() => {
  vi.restoreAllMocks();
});

function renderList(search = '') {
  return renderRoutes(
    [
      { path: '/console/ipList', element: <IpListPage /> },
      { path: '/console/buyStaticIP', element: <p>buy</p> },
    ],
    `/console/ipList${search}`,
  );
}

function pressKey(target: HTMLElement, keyCode: number) {
  fireEvent.keyDown(target, { keyCode });
  fireEvent.keyUp(target, { keyCode });
}

async function findRow(ip: string) {
  const cell = await screen.findByText(`${ip}:1080`);
  return cell.closest('tr')!;
}

describe('IpListPage on a 390 px phone', () => {
  beforeEach(() => emulateWindowWidth(390));
  afterEach(() => vi.unstubAllGlobals());

  it('shows each IP as a card with its address, credentials, expiry and actions', async () => {
    renderList();
    const address = await screen.findByText('203.0.113.7:1080');
    const card = address.closest<HTMLElement>('[data-row-card]')!;
    expect(card).not.toBeNull();
    expect(document.querySelector('.ant-table')).toBeNull();
    expect(within(card).getByText('user_7')).toBeInTheDocument();
    expect(within(card).getByTestId('expiry-tag')).toHaveTextContent('2天后到期');
    await userEvent.click(within(card).getByRole('button', { name: '显示密码' }));
    expect(within(card).getByTestId('password-value')).toHaveTextContent('secret-one');
    expect(within(card).getByRole('button', { name: '复制密码' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: '续费' })).toBeInTheDocument();
    // A card is chosen for batch renewal by its own checkbox.
    await userEvent.click(within(card).getByRole('checkbox', { name: '203.0.113.7:1080' }));
    expect(screen.getByRole('button', { name: /批量续费/ })).toBeEnabled();
  });

  it('folds the filters behind one button', async () => {
    renderList('?status=active');
    await screen.findByText('203.0.113.7:1080');
    expect(screen.queryByRole('combobox', { name: '状态' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: /筛选/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // One filter is set: the button says so.
    expect(toggle.closest('.ant-badge')).toHaveTextContent('1');
    await userEvent.click(toggle);
    expect(screen.getByRole('combobox', { name: '状态' })).toBeInTheDocument();
  });
});

describe('IpListPage', () => {
  it('renders the rows with masked passwords and an expiry warning', async () => {
    renderList();
    const row = await findRow('203.0.113.7');
    expect(within(row).getByText('user_7')).toBeInTheDocument();
    expect(within(row).getByText('ISP住宅')).toBeInTheDocument();
    expect(within(row).getByText('使用中')).toBeInTheDocument();
    expect(within(row).getByTestId('expiry-tag')).toHaveTextContent('2天后到期');
    expect(within(await findRow('203.0.113.8')).queryByTestId('expiry-tag')).toBeNull();
    expect(screen.queryByText('secret-one')).not.toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: '显示密码' }));
    expect(within(row).getByTestId('password-value')).toHaveTextContent('secret-one');
    await userEvent.click(within(row).getByRole('button', { name: '隐藏密码' }));
    expect(within(row).getByTestId('password-value')).not.toHaveTextContent('secret-one');
  });

  it('marks vmess unavailable where the node cannot serve it, offering the others', async () => {
    api.respondWith(listInstances, {
      items: [{ ...rows[0]!, unavailableProtocols: ['vmess'] }, rows[1]!],
      total: 2,
      page: 1,
      pageSize: 20,
    });
    renderList();
    const row = await findRow('203.0.113.7');
    expect(within(row).getByLabelText('vmess：节点暂不可用')).toHaveTextContent('vmess');
    expect(within(row).getByText('SOCKS5')).toBeInTheDocument();
    const other = await findRow('203.0.113.8');
    expect(within(other).queryByLabelText('vmess：节点暂不可用')).not.toBeInTheDocument();
  });

  it('tags an address the operators quarantined as replacement pending, and says why', async () => {
    api.respondWith(listInstances, {
      items: [{ ...rows[0]!, flaggedForReplacement: true }, rows[1]!],
      total: 2,
      page: 1,
      pageSize: 20,
    });
    renderList();
    const flagged = within(await findRow('203.0.113.7')).getByTestId('replacement-pending');
    expect(flagged).toHaveTextContent('待更换');
    expect(within(await findRow('203.0.113.8')).queryByTestId('replacement-pending')).toBeNull();
    await userEvent.hover(flagged);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('运营方已隔离该 IP');
  });

  it('shows 30-day usage, replaces with a confirmation that names the quota, then the new IP', async () => {
    api.respondWith(replaceInstance, { ...rows[0]!, ip: '203.0.113.99' });
    renderList();
    const row = await findRow('203.0.113.7');
    expect(within(row).getByText('3 GB')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: '更换IP' }));
    // Bought long ago: it uses the month's quota, and says what is left.
    expect(await screen.findByText(/本月剩余 1 次/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '确认更换' }));
    expect(await screen.findByText(/已更换为 203\.0\.113\.99:1080/)).toBeInTheDocument();
    const [request] = api.requests(replaceInstance);
    expect(request?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('tests an IP: a spinner while pending, then the latency', async () => {
    const pending = {
      id: '33333333-3333-4333-8333-333333333333',
      instanceId: firstId,
      status: 'pending' as const,
      failure: null,
      latencyMs: null,
      egressIp: null,
      requestedAt: '2026-11-22T00:00:00.000Z',
      completedAt: null,
    };
    api.respondWith(createInstanceCheck, pending);
    let reads = 0;
    api.respondWith(getInstanceCheck, () => {
      reads += 1;
      return reads < 2
        ? pending
        : {
            ...pending,
            status: 'ok' as const,
            latencyMs: 87,
            completedAt: '2026-11-22T00:00:01.000Z',
          };
    });
    renderList();
    const row = await findRow('203.0.113.7');
    await userEvent.click(within(row).getByRole('button', { name: '检测' }));
    expect(await within(row).findByLabelText('检测中')).toBeInTheDocument();
    // Where the check is while it waits: with the node, not yet tested.
    expect(await within(row).findByRole('status')).toHaveTextContent('已发送到节点，等待节点检测…');
    expect(await within(row).findByText(/正常 87 ms/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(row).queryByRole('status')).not.toBeInTheDocument();
  });

  it('sends the filters of the address', async () => {
    renderList('?status=active&country=JP&keyword=tokyo&expiringWithinDays=7');
    await findRow('203.0.113.7');
    const [first] = api.requests(listInstances);
    expect(first!.query).toEqual({
      status: 'active',
      country: 'JP',
      keyword: 'tokyo',
      expiringWithinDays: '7',
      page: '1',
      pageSize: '20',
    });
  });

  it('exports the selected rows as a SOCKS5 file', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderList();
    const row = await findRow('203.0.113.7');
    await userEvent.click(within(row).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: /导出/ }));
    await userEvent.click(
      await screen.findByText('SOCKS5', { selector: '.ant-dropdown-menu-title-content' }),
    );

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const [download] = api.requests(exportInstances);
    expect(download!.params).toEqual({ type: 'socks5' });
    expect(download!.query).toEqual({
      ids: firstId,
      encoding: 'plain',
    });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('proxies-socks5.txt');
  });

  it('renews one instance for the chosen duration after quoting it', async () => {
    renderList();
    const row = await findRow('203.0.113.7');
    await userEvent.click(within(row).getByRole('button', { name: '续费' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('renew-total')).toHaveTextContent('¥30.00');
    await userEvent.click(within(dialog).getByText('90天'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('renew-total')).toHaveTextContent('¥81.00'),
    );
    const confirm = within(dialog).getByRole('button', { name: /确认续费/ });
    await waitFor(() => expect(confirm).toBeEnabled());
    await userEvent.click(confirm);

    await waitFor(() =>
      expect(api.requests(renewInstance, { params: { id: firstId } })).toHaveLength(1),
    );
    const [renewal] = api.requests(renewInstance);
    expect(renewal!.body).toEqual({ durationDays: 90 });
    expect(renewal!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('续费成功')).toBeInTheDocument();
  });

  it('sends one Idempotency-Key per renewal: the same on a retry, a new one for the next', async () => {
    let refuse = true;
    api.respondWithError(renewInstance, 'insufficientBalance', { when: () => refuse });
    renderList();
    const row = await findRow('203.0.113.7');
    const renewOnce = async () => {
      await userEvent.click(within(row).getByRole('button', { name: '续费' }));
      const dialog = await screen.findByRole('dialog');
      const confirm = within(dialog).getByRole('button', { name: /确认续费/ });
      await waitFor(() => expect(confirm).toBeEnabled());
      return confirm;
    };

    const confirm = await renewOnce();
    await userEvent.click(confirm);
    await waitFor(() => expect(api.requests(renewInstance)).toHaveLength(1));
    await waitFor(() => expect(confirm).toBeEnabled());
    refuse = false;
    await userEvent.click(confirm);
    expect(await screen.findByText('续费成功')).toBeInTheDocument();

    await userEvent.click(await renewOnce());
    await waitFor(() => expect(api.requests(renewInstance)).toHaveLength(3));
    const keys = api.requests(renewInstance).map((request) => request.headers['Idempotency-Key']);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[2]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a renewed row where it was and highlights it, though the list sorts by expiry', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const renewed = { ...rows[0]!, expiresAt: new Date(Date.now() + 92 * DAY_MS).toISOString() };
    api.respondWith(renewInstance, {
      order: {
        id: 'o1',
        orderNo: 'RN1',
        type: 'renewal',
        status: 'paid',
        total: 81,
        items: [],
        instanceIds: [firstId],
        instances: [{ id: firstId, ip: renewed.ip, port: renewed.port }],
        createdAt: '2026-11-22T00:00:00.000Z',
      },
      instances: [renewed],
    });
    renderList();
    const row = await findRow('203.0.113.7');
    await userEvent.click(within(row).getByRole('button', { name: '续费' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: /确认续费/ });
    await waitFor(() => expect(confirm).toBeEnabled());
    // From now on the server lists the renewed IP last: it expires last.
    api.respondWith(listInstances, { items: [rows[1]!, renewed], total: 2, page: 1, pageSize: 20 });
    await userEvent.click(confirm);

    await waitFor(() => expect(api.requests(listInstances).length).toBeGreaterThan(1));
    const renewedRow = await findRow('203.0.113.7');
    await waitFor(() => expect(within(renewedRow).queryByTestId('expiry-tag')).toBeNull());
    const order = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) =>
      tr.getAttribute('data-row-key'),
    );
    expect(order).toEqual([firstId, secondId]);
    expect(renewedRow).toHaveClass('renewed');
    expect((await findRow('203.0.113.8')).classList.contains('renewed')).toBe(false);
    expect(scrollIntoView).toHaveBeenCalled();
    expect(scrollIntoView.mock.contexts[0]).toBe(renewedRow);

    // Another page or filter is a fresh list, in the server's order.
    await userEvent.click(screen.getByRole('combobox', { name: '状态' }));
    await userEvent.click(await screen.findByTitle('使用中'));
    await waitFor(() => {
      const fresh = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')];
      expect(fresh.map((tr) => tr.getAttribute('data-row-key'))).toEqual([secondId, firstId]);
    });
  });

  it('renews the selected rows in one payment', async () => {
    renderList();
    await userEvent.click(within(await findRow('203.0.113.7')).getByRole('checkbox'));
    await userEvent.click(within(await findRow('203.0.113.8')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: '批量续费（2）' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('renew-total')).toHaveTextContent('¥60.00');
    const confirm = within(dialog).getByRole('button', { name: /确认续费/ });
    await waitFor(() => expect(confirm).toBeEnabled());
    await userEvent.click(confirm);

    await waitFor(() => expect(api.requests(renewInstances)).toHaveLength(1));
    const [renewal] = api.requests(renewInstances);
    expect(renewal!.body).toEqual({
      ids: [firstId, secondId],
      durationDays: 30,
    });
  });

  it('exports every active instance as a base64 subscription when none is selected', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderList();
    await findRow('203.0.113.7');
    await userEvent.click(screen.getByRole('button', { name: /导出/ }));
    await userEvent.click(await screen.findByText('vmess · 订阅（base64）'));

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const [download] = api.requests(exportInstances);
    expect(download!.params).toEqual({ type: 'vmess' });
    expect(download!.query).toEqual({ encoding: 'base64' });
  });

  it('switches auto-renew through updateInstance', async () => {
    renderList();
    const row = await findRow('203.0.113.7');
    await userEvent.click(within(row).getByRole('switch', { name: '自动续费' }));
    await waitFor(() =>
      expect(api.requests(updateInstance, { params: { id: firstId } })).toHaveLength(1),
    );
    expect(api.requests(updateInstance)[0]!.body).toEqual({ autoRenew: true });
  });

  it('edits a remark in place: Enter saves it, Escape keeps the old one', async () => {
    renderList();
    const row = await findRow('203.0.113.7');
    const edit = within(row).getByRole('button', { name: '编辑备注' });
    await userEvent.click(edit);
    // Ant Design's editable text reads `keyCode`, which user-event leaves out. It is loaded at
    // the first edit.
    pressKey(await within(row).findByRole('textbox'), 27);
    await waitFor(() => expect(within(row).queryByRole('textbox')).toBeNull());
    expect(api.requests(updateInstance)).toHaveLength(0);

    await userEvent.click(within(row).getByRole('button', { name: '编辑备注' }));
    await userEvent.type(within(row).getByRole('textbox'), '  crawler  ');
    pressKey(within(row).getByRole('textbox'), 13);
    await waitFor(() =>
      expect(api.requests(updateInstance, { params: { id: firstId } })).toHaveLength(1),
    );
    expect(api.requests(updateInstance)[0]!.body).toEqual({ remark: 'crawler' });
    expect(await screen.findByText('备注已保存')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(row).getByRole('button', { name: '编辑备注' })).toHaveFocus(),
    );
  });

  it('asks before resetting a password, with the focus kept on the button', async () => {
    renderList();
    const row = await findRow('203.0.113.7');
    await userEvent.click(within(row).getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('重置后旧密码立即失效，确定重置吗？')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(row).getByRole('button', { name: '重置密码' })).toHaveFocus(),
    );
  });

  it('offers to buy when there is no instance', async () => {
    api.respondWith(listInstances, { items: [], total: 0, page: 1, pageSize: 20 });
    const { router } = renderList();
    await userEvent.click(await screen.findByRole('button', { name: /购买静态IP/ }));
    expect(router.state.location.pathname).toBe('/console/buyStaticIP');
  });

  it('masks the password across the detail drawer until revealed, and copies the real lines', async () => {
    const writeText = vi.fn((_text: string) => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderList();
    const row = await findRow('203.0.113.7');
    await userEvent.click(within(row).getByRole('button', { name: '详情' }));
    const drawer = await screen.findByRole('dialog');
    expect(
      await within(drawer).findByText('socks5://user_7:••••••••@203.0.113.7:1080'),
    ).toBeInTheDocument();
    expect(within(drawer).getByText('http://user_7:••••••••@203.0.113.7:1080')).toBeInTheDocument();
    expect(within(drawer).getByText(/^vmess:\/\//)).toBeInTheDocument();
    expect(within(drawer).queryByText(/secret-one/)).toBeNull();

    // The copy beside a masked line copies the line a proxy client needs.
    const socks5Line = within(drawer).getByText(/^socks5:/).parentElement!;
    await userEvent.click(within(socks5Line).getByRole('button', { name: '复制' }));
    expect(writeText).toHaveBeenLastCalledWith('socks5://user_7:secret-one@203.0.113.7:1080');

    // One reveal shows the password and the lines; hiding it masks them all again.
    await userEvent.click(within(drawer).getByRole('button', { name: '显示密码' }));
    expect(within(drawer).getByTestId('password-value')).toHaveTextContent('secret-one');
    expect(
      within(drawer).getByText('socks5://user_7:secret-one@203.0.113.7:1080'),
    ).toBeInTheDocument();
    expect(
      within(drawer).getByText('http://user_7:secret-one@203.0.113.7:1080'),
    ).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: '隐藏密码' }));
    expect(within(drawer).queryByText(/secret-one/)).toBeNull();
  });
});
