import { screen } from '@testing-library/react';
import { getAdminNode, getMe, type NodeHeartbeatPoint } from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { respondWithQuietInbox } from '../../../test/inbox-fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import { nodeFixture, ops } from './node-fixtures.ts';
import NodePage from './node-page.tsx';

const node = nodeFixture();
const series: NodeHeartbeatPoint[] = Array.from({ length: 90 }, (_, index) => ({
  minute: new Date(Date.UTC(2026, 2, 1, 8, index)).toISOString(),
  openConnections: 30 + (index % 10),
  bytesInPerSecond: 1000 * index,
  bytesOutPerSecond: 20_000 * index,
  pendingUsageBatches: index > 80 ? 2 : 0,
  cpuPercent: 5 + (index % 7),
  memoryBytes: 90 * 1024 * 1024,
  v2rayState: 'running',
}));

const api = installFakeApi();

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(getMe, ops);
  respondWithQuietInbox(api);
});

function renderNode(id = node.id) {
  return renderRoutes([{ path: '/admin/nodes/:id', element: <NodePage /> }], `/admin/nodes/${id}`);
}

describe('NodePage', { timeout: 20_000 }, () => {
  it('shows the latest heartbeat and the last day in five charts', async () => {
    api.respondWith(getAdminNode, { ...node, series }, { params: { id: node.id } });
    renderNode();
    expect(await screen.findByText('tokyo-1')).toBeInTheDocument();
    expect(screen.getByText('在线')).toBeInTheDocument();
    expect(screen.getByText('3 小时 5 分钟')).toBeInTheDocument();
    expect(screen.getByText('下行 1.5 MB/s · 上行 2 KB/s')).toBeInTheDocument();
    expect(screen.getByText('运行中')).toBeInTheDocument();
    expect(screen.getByText('3f2a9c0d1e4b')).toBeInTheDocument();
    expect(screen.getByText('添加时间 (UTC+8)')).toBeInTheDocument();
    expect(
      screen.getByText('可售 12 · 已分配 30 · 冷却中 2 · 隔离 1 · 已退役 0'),
    ).toBeInTheDocument();
    // jsdom measures no width, so recharts draws nothing here: the five charts are in place.
    for (const title of ['连接数', '流量速率', 'CPU（%）', '内存', '待上报用量批次']) {
      expect(screen.getByRole('img', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: '轮换密钥' })).toBeInTheDocument();
  });

  it('says when a node never sent a heartbeat, with no charts to draw', async () => {
    api.respondWith(
      getAdminNode,
      { ...node, online: false, lastSeenAt: null, heartbeat: null, snapshotLag: null, series: [] },
      { params: { id: node.id } },
    );
    renderNode();
    expect(await screen.findByText(/尚未收到心跳/)).toBeInTheDocument();
    expect(screen.getByText('离线')).toBeInTheDocument();
    expect(screen.getByText('最近 24 小时没有心跳')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: '连接数' })).not.toBeInTheDocument();
  });

  it('says so when the node does not exist', async () => {
    const missing = '00000000-0000-4000-8000-0000000000ff';
    api.respondWithError(getAdminNode, 'nodeNotFound', { params: { id: missing } });
    renderNode(missing);
    expect(await screen.findByText('节点不存在')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /返回节点列表/ })).toBeInTheDocument();
  });
});
