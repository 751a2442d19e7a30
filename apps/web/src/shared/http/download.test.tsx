import { exportInstances, exportTypes, listTransactions } from '@stratus/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, renderWithProviders } from '../../test/render-app.tsx';
import { ApiError } from './api-error.ts';
import { downloadEndpointFile, fileNameFromDisposition } from './download.ts';

// `fetch` is faked by hand here, not through test/fake-api.ts: these tests are of the download
// helper itself (the URL it builds, refusals with and without an envelope).
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('fileNameFromDisposition', () => {
  it('prefers the RFC 6266 UTF-8 name, then the plain one', () => {
    expect(
      fileNameFromDisposition(
        'attachment; filename="ledger.csv"; filename*=UTF-8\'\'%E8%B4%A6%E5%8D%95.csv',
      ),
    ).toBe('账单.csv');
    expect(fileNameFromDisposition('attachment; filename="ledger.csv"')).toBe('ledger.csv');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});

describe('downloadEndpointFile', () => {
  it('toasts and rejects with the envelope message, saving nothing, when refused', async () => {
    renderWithProviders(<div />);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        envelopeResponse({ code: 10400, message: '日期格式不正确', data: null }, 400),
      ),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const download = downloadEndpointFile(listTransactions, {
      query: { format: 'csv', from: 'bad' },
      fileName: 'ledger.csv',
    });
    await expect(download).rejects.toBeInstanceOf(ApiError);
    await expect(download).rejects.toMatchObject({ message: '日期格式不正确', status: 400 });
    expect(click).not.toHaveBeenCalled();
    expect(await screen.findByText('日期格式不正确')).toBeInTheDocument();
  });
});

// Seed §8 through the endpoint the IP list's export uses (`useExportInstances`).
describe('downloadEndpointFile on the export paths', () => {
  function stubExportAnswer(response: Response) {
    renderWithProviders(<div />);
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) => response);
    vi.stubGlobal('fetch', fetchMock);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    return { fetchMock, click };
  }

  async function expectNoToast() {
    // Give a toast the time it would take to appear.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  }

  it.each(exportTypes)('rejects a refused %s envelope without a toast', async (type) => {
    const { fetchMock, click } = stubExportAnswer(
      envelopeResponse({ code: 40301, message: '没有可导出的 IP', data: null }),
    );
    const download = downloadEndpointFile(exportInstances, {
      params: { type },
      query: { encoding: 'plain' },
      fileName: `proxies-${type}.txt`,
    });
    await expect(download).rejects.toBeInstanceOf(ApiError);
    await expect(download).rejects.toMatchObject({
      code: 40301,
      message: '没有可导出的 IP',
      status: 200,
    });
    // The literal URL is the point: this tests how the download builds it.
    expect(String(fetchMock.mock.calls[0]![0])).toBe(
      `/api/proxy/instances/export/${type}?encoding=plain`,
    );
    expect(click).not.toHaveBeenCalled();
    await expectNoToast();
  });

  it.each(exportTypes)("toasts the server's message for an HTTP error on %s", async (type) => {
    const { click } = stubExportAnswer(
      envelopeResponse({ code: 10400, message: '参数 ids 不正确', data: null }, 400),
    );
    const download = downloadEndpointFile(exportInstances, {
      params: { type },
      fileName: `proxies-${type}.txt`,
    });
    await expect(download).rejects.toMatchObject({ code: 10400, status: 400 });
    expect(click).not.toHaveBeenCalled();
    expect(await screen.findByText('参数 ids 不正确')).toBeInTheDocument();
    expect(screen.getAllByText('参数 ids 不正确')).toHaveLength(1);
  });

  it('toasts a localised text for an HTTP error without an envelope', async () => {
    stubExportAnswer(new Response('<html>Bad gateway</html>', { status: 502 }));
    const download = downloadEndpointFile(exportInstances, {
      params: { type: 'all' },
      fileName: 'proxies-all.txt',
    });
    await expect(download).rejects.toMatchObject({ status: 502 });
    expect(await screen.findByText('请求失败（HTTP 502），请稍后重试')).toBeInTheDocument();
  });

  it('still toasts a refused envelope on a download that is not an export', async () => {
    stubExportAnswer(envelopeResponse({ code: 10400, message: '日期格式不正确', data: null }));
    const download = downloadEndpointFile(listTransactions, {
      query: { format: 'csv' },
      fileName: 'ledger.csv',
    });
    await expect(download).rejects.toMatchObject({ code: 10400, status: 200 });
    await waitFor(() => expect(screen.getByText('日期格式不正确')).toBeInTheDocument());
  });
});
