import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '../../shared/i18n/i18n.ts';
import { LanguageSwitch } from '../../shared/ui/language-switch.tsx';
import { envelopeResponse, renderWithProviders } from '../../test/render-app.tsx';
import { useSwitchLanguage } from './api.ts';

const fetchMock = vi.fn<typeof fetch>();

function Switch() {
  const switchLanguage = useSwitchLanguage();
  return <LanguageSwitch onSwitch={(language) => void switchLanguage(language)} />;
}

async function switchToEnglish() {
  renderWithProviders(<Switch />);
  await userEvent.click(screen.getByRole('button', { name: '语言: 中文' }));
  await userEvent.click(await screen.findByText('English'));
  await waitFor(() => expect(i18n.language).toBe('en-US'));
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  await changeLanguage('zh-CN');
});

describe('useSwitchLanguage', () => {
  it('switches and remembers the language, without calling the API when signed out', async () => {
    await switchToEnglish();
    expect(localStorage.getItem('language')).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves the preference on the account when signed in, silently on failure', async () => {
    document.cookie = 'token=abc; path=/';
    fetchMock.mockResolvedValue(
      envelopeResponse({ code: 10500, message: 'boom', data: null }, 500),
    );
    await switchToEnglish();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/me');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(init!.body as string)).toEqual({ language: 'en-US' });
    expect((init!.headers as Record<string, string>)['Accept-Language']).toBe('en-US');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });
});
