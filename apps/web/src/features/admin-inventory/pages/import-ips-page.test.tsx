import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getAdminIpOverview,
  getMe,
  importAdminIps,
  type AdminIpOverview,
  type ImportAdminIpsBody,
  type IpImportResult,
  type UserProfile,
} from '@stratus/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api.ts';
import { respondWithQuietInbox } from '../../../test/inbox-fixtures.ts';
import { renderRoutes } from '../../../test/render-app.tsx';
import ImportIpsPage from './import-ips-page.tsx';

const overview: AdminIpOverview = {
  nodes: [
    { id: '11111111-1111-4111-8111-111111111111', name: 'tokyo-1' },
    { id: '22222222-2222-4222-8222-222222222222', name: 'osaka-1' },
  ],
  regions: [{ code: 'JP/tokyo', country: 'JP', countryName: '日本', cityName: '东京' }],
  counts: { available: 0, allocated: 0, cooling: 0, quarantined: 0, retired: 0 },
  flagged: 0,
};
const row = (line: number, address: string, error: string | null = null) => ({
  line,
  address,
  region: error?.startsWith('“') ? null : 'JP/tokyo',
  lineType: error?.startsWith('“') ? null : ('datacenter' as const),
  port: error?.startsWith('“') ? null : 1080,
  vmessPort: error?.startsWith('“') ? null : 10086,
  error,
});
/** What the server answers a preview of `text`: a bad entry on line 2 while it is there. */
function previewOf(body: ImportAdminIpsBody): IpImportResult {
  const rows = body.text.includes('bad')
    ? [row(1, '203.0.113.1'), row(2, 'bad', '“bad”不是 IP 地址、CIDR 网段或地址范围')]
    : [row(1, '203.0.113.1'), row(1, '203.0.113.2')];
  const errors = rows.filter((item) => item.error).length;
  return {
    dryRun: body.dryRun,
    applied: !body.dryRun && errors === 0,
    totals: { rows: rows.length, valid: rows.length - errors, errors, regionsCreated: [] },
    rows,
  };
}
const profile: UserProfile = {
  id: 'staff-1',
  email: 'ops@example.com',
  name: 'Ops',
  role: 'ops',
  language: 'zh-CN',
  apiToken: 'st_token',
  createdAt: '2026-01-01T00:00:00.000Z',
  tourCompleted: true,
  emailVerified: true,
  emailVerification: 'optional',
  lowBalanceThreshold: null,
};
const api = installFakeApi();
const SLOW_TEST_MS = 30_000;

beforeEach(() => {
  document.cookie = 'token=abc; path=/';
  api.respondWith(getMe, profile);
  respondWithQuietInbox(api);
  api.respondWith(getAdminIpOverview, overview);
  api.respondWith(importAdminIps, (request) => previewOf(request.body as ImportAdminIpsBody));
});

function renderImport() {
  return renderRoutes(
    [
      { path: '/admin/ips/import', element: <ImportIpsPage /> },
      { path: '/admin/ips', element: <p>inventory</p> },
    ],
    '/admin/ips/import',
  );
}

/** Picks `option` in the select labelled `label`. */
async function choose(label: string, option: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: label }));
  const options = await screen.findAllByTitle(option);
  await userEvent.click(options.at(-1)!);
}

const importRequests = () =>
  api.requests(importAdminIps).map((request) => request.body as ImportAdminIpsBody);

describe('ImportIpsPage', { timeout: SLOW_TEST_MS }, () => {
  it('previews pasted ranges line by line, and applies only a clean preview', async () => {
    renderImport();
    await choose('节点', 'tokyo-1');
    await userEvent.type(screen.getByRole('textbox', { name: '地址' }), '203.0.113.0/30{enter}bad');
    await choose('地区', '日本 · 东京 (JP/tokyo)');
    await choose('线路', '数据中心');
    await userEvent.click(screen.getByRole('button', { name: '预 览' }));

    const errorCell = await screen.findByTestId('import-row-error');
    expect(errorCell).toHaveTextContent('“bad”不是 IP 地址、CIDR 网段或地址范围');
    expect(screen.getByText('共 2 行：1 个可导入，1 个有错误')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '导入 1 个地址' })).toBeDisabled();
    expect(importRequests()).toEqual([
      {
        dryRun: true,
        node: 'tokyo-1',
        format: 'ranges',
        text: '203.0.113.0/30\nbad',
        region: 'JP/tokyo',
        lineType: 'datacenter',
        port: 1080,
        vmessPort: 10086,
      },
    ]);

    // Editing drops the preview: what is applied is always what was previewed.
    const text = screen.getByRole('textbox', { name: '地址' });
    await userEvent.clear(text);
    await userEvent.type(text, '203.0.113.0/30');
    expect(screen.queryByTestId('import-row-error')).toBeNull();
    expect(screen.queryByText(/共 2 行/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '预 览' }));
    expect(await screen.findByText('共 2 行：2 个可导入，0 个有错误')).toBeInTheDocument();
    const apply = screen.getByRole('button', { name: '导入 2 个地址' });
    await waitFor(() => expect(apply).toBeEnabled());
    await userEvent.click(apply);
    expect(await screen.findByText('已导入 2 个地址')).toBeInTheDocument();
    expect(importRequests().at(-1)).toEqual({
      ...importRequests().at(-2),
      dryRun: false,
    });
    expect(importRequests().at(-2)).toMatchObject({ dryRun: true, text: '203.0.113.0/30' });
    expect(screen.getByRole('link', { name: '查看 IP 库存' })).toHaveAttribute(
      'href',
      '/admin/ips',
    );
  });

  it('previews again when the pool changed before the apply', async () => {
    api.respondWithError(importAdminIps, 'ipImportConflict', {
      when: (request) => (request.body as ImportAdminIpsBody).dryRun === false,
    });
    renderImport();
    await choose('节点', 'tokyo-1');
    await userEvent.type(screen.getByRole('textbox', { name: '地址' }), '203.0.113.0/30');
    await choose('地区', '日本 · 东京 (JP/tokyo)');
    await choose('线路', '数据中心');
    await userEvent.click(screen.getByRole('button', { name: '预 览' }));
    const apply = await screen.findByRole('button', { name: '导入 2 个地址' });
    await waitFor(() => expect(apply).toBeEnabled());
    await userEvent.click(apply);
    expect(
      await screen.findByText('部分地址刚被另一次导入加入地址池，本次未导入任何地址，请重新预览'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(importRequests().map((body) => body.dryRun)).toEqual([true, false, true]),
    );
    expect(await screen.findByText('共 2 行：2 个可导入，0 个有错误')).toBeInTheDocument();
  });

  it('reads a CSV file in the browser and sends its text', async () => {
    const { container } = renderImport();
    await choose('节点', 'osaka-1');
    await userEvent.click(screen.getByText('CSV 文件'));
    const csv =
      'address,port,vmess_port,country,country_zh,country_en,city,city_zh,city_en,line_type\n' +
      '203.0.113.1,1080,10086,JP,日本,Japan,tokyo,东京,Tokyo,datacenter\n';
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, {
      target: { files: [new File([csv], 'ips.csv', { type: 'text/csv' })] },
    });
    expect(await screen.findByText('ips.csv（2 行）')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '预 览' }));
    await screen.findByText(/共 2 行/);
    expect(importRequests()).toEqual([{ dryRun: true, node: 'osaka-1', format: 'csv', text: csv }]);
  });

  it('asks for what is missing before previewing', async () => {
    renderImport();
    await userEvent.click(await screen.findByRole('button', { name: '预 览' }));
    expect(await screen.findByText('请选择节点')).toBeInTheDocument();
    expect(screen.getByText('请粘贴要导入的地址')).toBeInTheDocument();
    expect(screen.getByText('请选择地区')).toBeInTheDocument();
    expect(importRequests()).toEqual([]);
    const back = screen.getByRole('link', { name: /返回 IP 库存/ });
    expect(within(back).getByRole('button')).toBeInTheDocument();
  });
});
