import { listTransactions } from '@stratus/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, renderWithProviders } from '../../test/render-app.tsx';
import { ApiError } from './api-error.ts';
import { downloadEndpointFile, fileNameFromDisposition } from './download.ts';

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
