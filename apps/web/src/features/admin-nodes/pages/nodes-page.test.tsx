import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createAdminNode,
  disableAdminNode,
  enableAdminNode,
  getMe,
  listAdminNodes,
  rotateAdminNodeKey,
  type NodeKeyIssued,
} from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { respondWithQuietInbox } from '../../../test/inbox-fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { heartbeat, nodeFixture, ops } from './node-fixtures.ts';
import NodesPage from './nodes-page.tsx';

const online = nodeFixture();
const offline = nodeFixture({
  id: '00000000-0000-4000-8000-0000000000a2',
  name: 'osaka-1',
  host: 'osaka.example.com',
  online: false,
  lastSeenAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  heartbeat: { ...heartbeat, pendingUsageBatches: 3, v2rayState: 'failed' },
  snapshotLag: { inSync: false, behindSince: '2026-03-01T00:00:00.000Z', lagSeconds: 125 },
});
const disabled = nodeFixture({
  id: '00000000-0000-4000-8000-0000000000a3',
  name: 'seoul-1',
  status: 'disabled',
  online: false,
  lastSeenAt: null,
  heartbeat: null,
  snapshotLag: null,
  ipCounts: { available: 0, allocated: 0, cooling: 0, quarantined: 0, retired: 0 },
});

function issuedFor(name: string, apiKey: string): NodeKeyIssued {
  const node = nodeFixture({ id: '00000000-0000-4000-8000-0000000000b1', name, heartbeat: null });
  return {
    node,
    apiKey,
    environment: [
      { name: 'GATEWAY_API_URL', value: 'https://console.example.com' },
      { name: 'GATEWAY_NODE_KEY', value: apiKey },
      { name: 'GATEWAY_NODE_ID', value: node.id },
    ],
    command: `GATEWAY_API_URL=https://console.example.com GATEWAY_NODE_KEY=${apiKey} GATEWAY_NODE_ID=${node.id} npm run gateway`,
  };
}

const api = installFakeApi();
// Ant Design spaces out a two-character Chinese button label (停 用).
const DISABLE = /^停\s?用$/;
const ENABLE = /^启\s?用$/;
const ADD = /^添\s?加$/;
const DONE = /^完\s?成$/;

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(getMe, ops);
  respondWithQuietInbox(api);
  api.respondWith(listAdminNodes, { items: [online, offline, disabled] });
});

function renderNodes() {
  return renderRoutes([{ path: '/admin/nodes', element: <NodesPage /> }], '/admin/nodes');
}

async function rowOf(name: string) {
  const link = await screen.findByRole('link', { name });
  return link.closest('tr')!;
}

// First renders load Ant Design: slow on a busy machine.
describe('NodesPage', { timeout: 20_000 }, () => {
  it('shows each node online or offline with its heartbeat, lag, pending usage and IPs', async () => {
    renderNodes();
    const tokyo = await rowOf('tokyo-1');
    expect(within(tokyo).getByText('在线')).toBeInTheDocument();
    expect(within(tokyo).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(tokyo).getByText(/^\d 秒前$/)).toBeInTheDocument();
    expect(within(tokyo).getByText('0.1.0')).toBeInTheDocument();
    expect(within(tokyo).getByText('已同步')).toBeInTheDocument();
    expect(within(tokyo).getByText('0 批')).toBeInTheDocument();
    expect(within(tokyo).getByText('42')).toBeInTheDocument();
    expect(within(tokyo).getByText('下行 1.5 MB/s')).toBeInTheDocument();
    expect(within(tokyo).getByText('上行 2 KB/s')).toBeInTheDocument();
    expect(within(tokyo).getByText('12.5%')).toBeInTheDocument();
    expect(within(tokyo).getByText('96 MB')).toBeInTheDocument();
    expect(within(tokyo).getByText('共 45 个')).toBeInTheDocument();
    expect(within(tokyo).getByText('可售 12 · 已分配 30')).toBeInTheDocument();

    const osaka = await rowOf('osaka-1');
    expect(within(osaka).getByText('离线')).toBeInTheDocument();
    expect(within(osaka).getByText('5 分钟前')).toBeInTheDocument();
    expect(within(osaka).getByText('落后 2 分钟')).toBeInTheDocument();
    expect(within(osaka).getByText('3 批')).toBeInTheDocument();

    const seoul = await rowOf('seoul-1');
    expect(within(seoul).getByText('已停用')).toBeInTheDocument();
    expect(within(seoul).getByText('从未上报')).toBeInTheDocument();
    expect(within(seoul).getByRole('button', { name: ENABLE })).toBeInTheDocument();
  });

  it('adds a node and shows its key and start command once', async () => {
    const issued = issuedFor('fukuoka-1', 'gnk_shown-only-this-once');
    api.respondWith(createAdminNode, issued);
    renderNodes();
    await rowOf('tokyo-1');
    await userEvent.click(screen.getByRole('button', { name: /添加节点/ }));
    const dialog = await screen.findByRole('dialog');
    // The form checks the name before anything is sent.
    await userEvent.type(within(dialog).getByLabelText('节点名称'), 'bad name');
    await userEvent.type(within(dialog).getByLabelText('节点地址'), '198.51.100.4');
    await userEvent.click(within(dialog).getByRole('button', { name: ADD }));
    expect(await within(dialog).findAllByText(/字母、数字、点、短横线或下划线/)).not.toHaveLength(
      0,
    );
    expect(api.requests(createAdminNode)).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('节点名称'));
    await userEvent.type(within(dialog).getByLabelText('节点名称'), 'fukuoka-1');
    await userEvent.click(within(dialog).getByRole('button', { name: ADD }));
    expect(await within(dialog).findByTestId('node-key')).toHaveTextContent(
      'gnk_shown-only-this-once',
    );
    expect(api.requests(createAdminNode)[0]!.body).toEqual({
      name: 'fukuoka-1',
      host: '198.51.100.4',
    });
    expect(within(dialog).getByText(/密钥只显示这一次/)).toBeInTheDocument();
    expect(within(dialog).getByTestId('node-start-command')).toHaveTextContent(issued.command);
    expect(within(dialog).getByRole('button', { name: '复制启动命令' })).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: '复制 GATEWAY_NODE_KEY' }),
    ).toBeInTheDocument();

    // Done drops the key: the form opens empty again.
    await userEvent.click(within(dialog).getByRole('button', { name: DONE }));
    await userEvent.click(screen.getByRole('button', { name: /添加节点/ }));
    const again = await screen.findByRole('dialog');
    await waitFor(() => expect(within(again).getByLabelText('节点名称')).toHaveValue(''));
    expect(screen.queryByText('gnk_shown-only-this-once')).not.toBeInTheDocument();
  });

  it('rotates a key after confirming, then shows the new key once', async () => {
    api.respondWith(rotateAdminNodeKey, issuedFor('tokyo-1', 'gnk_the-new-key'));
    renderNodes();
    const row = await rowOf('tokyo-1');
    await userEvent.click(within(row).getByRole('button', { name: '轮换密钥' }));
    expect(await screen.findByText('为节点 tokyo-1 轮换密钥？')).toBeInTheDocument();
    expect(screen.getByText(/旧密钥立即失效/)).toBeInTheDocument();
    expect(api.requests(rotateAdminNodeKey)).toHaveLength(0);
    await userEvent.click(screen.getAllByRole('button', { name: '轮换密钥' }).at(-1)!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('节点 tokyo-1 的新密钥')).toBeInTheDocument();
    expect(within(dialog).getByTestId('node-key')).toHaveTextContent('gnk_the-new-key');
    expect(api.requests(rotateAdminNodeKey)[0]!.params).toEqual({ id: online.id });
  });

  it('disables a node after a confirm that says what it does to the gateway', async () => {
    api.respondWith(disableAdminNode, { ...online, status: 'disabled', online: false });
    renderNodes();
    const row = await rowOf('tokyo-1');
    await userEvent.click(within(row).getByRole('button', { name: DISABLE }));
    expect(await screen.findByText('停用节点 tokyo-1？')).toBeInTheDocument();
    expect(screen.getByText(/请在节点上停止网关/)).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: DISABLE }).at(-1)!);
    await waitFor(() => expect(api.requests(disableAdminNode)).toHaveLength(1));
    expect(api.requests(disableAdminNode)[0]!.params).toEqual({ id: online.id });
    expect(await screen.findByText('已停用节点 tokyo-1')).toBeInTheDocument();
  });

  it('enables a disabled node after confirming', async () => {
    api.respondWith(enableAdminNode, { ...disabled, status: 'active' });
    renderNodes();
    const row = await rowOf('seoul-1');
    await userEvent.click(within(row).getByRole('button', { name: ENABLE }));
    expect(await screen.findByText('启用节点 seoul-1？')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: ENABLE }).at(-1)!);
    await waitFor(() => expect(api.requests(enableAdminNode)).toHaveLength(1));
    expect(api.requests(enableAdminNode)[0]!.params).toEqual({ id: disabled.id });
  });

  it('shows the list without the writes to a role that only reads nodes', async () => {
    api.respondWith(getMe, { ...ops, role: 'finance' });
    renderNodes();
    await rowOf('tokyo-1');
    expect(screen.queryByRole('button', { name: /添加节点/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '轮换密钥' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: DISABLE })).not.toBeInTheDocument();
  });
});
