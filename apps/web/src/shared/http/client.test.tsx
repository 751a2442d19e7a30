import { defineEndpoint, getMe, login, updateMe } from '@stratus/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, renderWithProviders } from '../../test/render-app.tsx';
import { browserNavigation } from '../browser.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { ApiError, CLIENT_ERROR_CODES } from './api-error.ts';
import { callEndpoint, REQUEST_TIMEOUT_MS } from './client.ts';

const profile = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  role: 'customer',
  language: 'zh-CN',
  apiToken: 'tok',
  createdAt: '2026-01-01T00:00:00.000Z',
};

// These tests fake `fetch` by hand and keep literal `/api/…` URLs: they test the client itself (the
// URL it builds, envelopes good and malformed, timeouts), which test/fake-api.ts takes for granted.
const fetchMock = vi.fn<typeof fetch>();
let assign: ReturnType<typeof vi.spyOn>;

function lastRequest() {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), init: init!, headers: init!.headers as Record<string, string> };
}

async function expectOneToast(text: string) {
  expect(await screen.findByText(text)).toBeInTheDocument();
  expect(screen.getAllByText(text)).toHaveLength(1);
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  window.history.replaceState(null, '', '/console/ipList?page=2');
  renderWithProviders(<div />);
});

afterEach(async () => {
  fetchMock.mockReset();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  await changeLanguage('zh-CN');
});

describe('callEndpoint', () => {
  it('resolves the data of a code-0 envelope', async () => {
    fetchMock.mockResolvedValue(envelopeResponse({ code: 0, message: 'ok', data: profile }));
    await expect(callEndpoint(getMe)).resolves.toEqual(profile);
    expect(lastRequest().url).toBe('/api/user/me');
    expect(lastRequest().init.method).toBe('GET');
  });

  it('sends the token, the UI language, the currency and a JSON body', async () => {
    document.cookie = 'token=abc123; path=/';
    await changeLanguage('en-US');
    fetchMock.mockResolvedValue(envelopeResponse({ code: 0, message: 'ok', data: profile }));
    await callEndpoint(updateMe, { body: { name: 'Ada' } });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/user/me');
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe(JSON.stringify({ name: 'Ada' }));
    expect(headers).toMatchObject({
      Authorization: 'Bearer abc123',
      'Accept-Language': 'en-US',
      currencyCode: 'CNY',
      'Content-Type': 'application/json',
    });
  });

  it('adds caller headers without letting them replace the standard ones', async () => {
    document.cookie = 'token=abc123; path=/';
    fetchMock.mockResolvedValue(envelopeResponse({ code: 0, message: 'ok', data: profile }));
    await callEndpoint(updateMe, {
      body: { name: 'Ada' },
      headers: { 'Idempotency-Key': 'key-1', Authorization: 'forged' },
    });
    expect(lastRequest().headers).toMatchObject({
      'Idempotency-Key': 'key-1',
      Authorization: 'Bearer abc123',
    });
  });

  it('sends an empty Authorization header when signed out', async () => {
    fetchMock.mockResolvedValue(envelopeResponse({ code: 0, message: 'ok', data: profile }));
    await callEndpoint(getMe);
    expect(lastRequest().headers.Authorization).toBe('');
    expect(lastRequest().headers['Accept-Language']).toBe('zh-CN');
  });

  it('toasts and rejects a non-zero code', async () => {
    fetchMock.mockResolvedValue(envelopeResponse({ code: 30001, message: '余额不足', data: null }));
    const error = await callEndpoint(getMe).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 30001, message: '余额不足', status: 200 });
    await expectOneToast('余额不足');
  });

  // An export path answering through the envelope (the real export endpoint is raw text).
  function exportEndpoint(type: string) {
    return defineEndpoint({
      method: 'GET',
      path: `/proxy/instances/export/${type}`,
      summary: 'export',
      tag: 'instances',
      access: 'user',
      errors: [],
      response: getMe.response,
    });
  }

  it.each(['all', 'vmess', 'socks5'])(
    'raises no toast for a non-zero code on the %s export path',
    async (type) => {
      fetchMock.mockResolvedValue(
        envelopeResponse({ code: 40001, message: '导出失败', data: null }),
      );
      await expect(callEndpoint(exportEndpoint(type))).rejects.toMatchObject({
        code: 40001,
        status: 200,
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByText('导出失败')).not.toBeInTheDocument();
    },
  );

  it.each(['all', 'vmess', 'socks5'])(
    "still toasts the server's message for an HTTP error on the %s export path",
    async (type) => {
      fetchMock.mockResolvedValue(
        envelopeResponse({ code: 10001, message: '导出参数不正确', data: null }, 400),
      );
      await expect(callEndpoint(exportEndpoint(type))).rejects.toMatchObject({
        code: 10001,
        status: 400,
      });
      await expectOneToast('导出参数不正确');
    },
  );

  it('toasts a non-zero code on a path that only looks like an export', async () => {
    fetchMock.mockResolvedValue(envelopeResponse({ code: 40001, message: '导出失败', data: null }));
    await expect(callEndpoint(exportEndpoint('pdf'))).rejects.toMatchObject({ code: 40001 });
    await expectOneToast('导出失败');
  });

  it("toasts the server's message once for an HTTP error", async () => {
    fetchMock.mockResolvedValue(
      envelopeResponse({ code: 10001, message: '参数 email 不正确', data: null }, 400),
    );
    await expect(callEndpoint(getMe)).rejects.toMatchObject({ code: 10001, status: 400 });
    await expectOneToast('参数 email 不正确');
    expect(assign).not.toHaveBeenCalled();
  });

  it('toasts a localised text for an HTTP error without an envelope', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(callEndpoint(getMe)).rejects.toMatchObject({
      code: CLIENT_ERROR_CODES.httpStatus,
      status: 502,
    });
    await expectOneToast('请求失败（HTTP 502），请稍后重试');
  });

  it('keeps quiet when the caller asks for silence', async () => {
    fetchMock.mockResolvedValue(
      envelopeResponse({ code: 20001, message: '密码错误', data: null }, 401),
    );
    await expect(
      callEndpoint(login, { body: { email: 'a@b.co', password: 'x' }, silent: true }),
    ).rejects.toMatchObject({
      status: 401,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('密码错误')).not.toBeInTheDocument();
    // A public endpoint's 401 is a wrong password, not an expired session.
    expect(assign).not.toHaveBeenCalled();
  });

  it('signs out on 401: clears storage and cookies but the language, then goes to the portal with redirect', async () => {
    document.cookie = 'token=abc123; path=/';
    document.cookie = 'isFirst=1; path=/';
    localStorage.setItem('recentPages', '[]');
    localStorage.setItem('language', 'en-US');
    sessionStorage.setItem('isFirst', '1');
    fetchMock.mockResolvedValue(
      envelopeResponse({ code: 10101, message: '登录已失效', data: null }, 401),
    );
    await expect(callEndpoint(getMe)).rejects.toMatchObject({ status: 401 });
    await expectOneToast('登录已失效');
    // The person at the screen keeps their language: the portal opens in English.
    expect(localStorage.getItem('language')).toBe('en-US');
    expect(localStorage.length).toBe(1);
    // All the session's storage is gone but the word for the sign-in page: why it is shown.
    expect(sessionStorage.length).toBe(1);
    expect(sessionStorage.getItem('signInNotice')).toBe('sessionExpired');
    expect(document.cookie).not.toContain('token=');
    expect(document.cookie).not.toContain('isFirst=');
    expect(assign).toHaveBeenCalledWith('/portal/home?redirect=%2Fconsole%2FipList%3Fpage%3D2');
  });

  it('keeps an existing redirect parameter when signing out', async () => {
    window.history.replaceState(null, '', '/portal/home?redirect=%2Fconsole%2Frecharge');
    fetchMock.mockResolvedValue(
      envelopeResponse({ code: 10101, message: '登录已失效', data: null }, 401),
    );
    await expect(callEndpoint(getMe)).rejects.toBeInstanceOf(ApiError);
    expect(assign).toHaveBeenCalledWith('/portal/home?redirect=%2Fconsole%2Frecharge');
  });

  it('toasts a localised text when the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(callEndpoint(getMe)).rejects.toMatchObject({ code: CLIENT_ERROR_CODES.network });
    await expectOneToast('网络连接失败，请检查网络后重试');
  });

  it(`gives up after ${REQUEST_TIMEOUT_MS} ms`, async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(120_000);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('Aborted', 'AbortError')),
          );
        }),
    );
    const outcome = callEndpoint(getMe).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(fetchMock.mock.calls[0]![1]!.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ code: CLIENT_ERROR_CODES.timeout, status: 0 });
    vi.useRealTimers();
    await expectOneToast('请求超时，请稍后重试');
  });

  it('raises nothing when the caller cancels', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('Aborted', 'AbortError')),
          );
        }),
    );
    const outcome = callEndpoint(getMe, { signal: controller.signal }).catch(
      (caught: unknown) => caught,
    );
    controller.abort();
    expect(await outcome).not.toBeInstanceOf(ApiError);
    await waitFor(() => expect(document.querySelector('.ant-message-notice')).toBeNull());
  });
});
