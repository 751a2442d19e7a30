import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errors, updateMe } from '@stratus/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../shared/i18n/i18n.ts';
import { LanguageSwitch } from '../../shared/ui/language-switch.tsx';
import { installFakeApi } from '../../test/fake-api.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { useSwitchLanguage } from './api.ts';

const api = installFakeApi();

function Switch() {
  const switchLanguage = useSwitchLanguage();
  return <LanguageSwitch onSwitch={(language) => void switchLanguage(language)} />;
}

async function switchToEnglish() {
  renderWithProviders(<Switch />);
  await userEvent.click(screen.getByRole('button', { name: '语言: 中文' }));
  await userEvent.click(screen.getByRole('menuitemradio', { name: 'English', checked: false }));
  await waitFor(() => expect(i18n.language).toBe('en-US'));
}

afterEach(async () => {
  await changeLanguage('zh-CN');
});

describe('useSwitchLanguage', () => {
  it('switches and remembers the language, without calling the API when signed out', async () => {
    await switchToEnglish();
    expect(localStorage.getItem('language')).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(api.requests()).toHaveLength(0);
  });

  it('saves the preference on the account when signed in, silently on failure', async () => {
    document.cookie = 'token=abc; path=/';
    api.respondWithError(updateMe, 'internalError');
    await switchToEnglish();
    await waitFor(() => expect(api.requests()).toHaveLength(1));
    const [request] = api.requests(updateMe);
    expect(request!.body).toEqual({ language: 'en-US' });
    expect(request!.headers['Accept-Language']).toBe('en-US');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(errors.internalError.message['en-US'])).not.toBeInTheDocument();
  });
});
