import { defaultLocale, isLocale, type Locale } from '@stratus/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { messages } from '../../locales/index.ts';

/** Local-storage key of the chosen interface language (seed: `language`). */
export const LANGUAGE_STORAGE_KEY = 'language';

const dayjsLocales: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

export function readStoredLanguage(): Locale {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLocale(stored) ? stored : defaultLocale;
  } catch {
    // Storage can be unavailable (privacy modes); the default language still works.
    return defaultLocale;
  }
}

function applyLanguageSideEffects(language: Locale) {
  dayjs.locale(dayjsLocales[language]);
  document.documentElement.lang = language;
}

void i18next.use(initReactI18next).init({
  resources: {
    'zh-CN': { translation: messages['zh-CN'] },
    'en-US': { translation: messages['en-US'] },
  },
  lng: readStoredLanguage(),
  fallbackLng: defaultLocale,
  supportedLngs: ['zh-CN', 'en-US'],
  // Keys are flat and dotted (`nav.overview`): dots are part of the key, not a path.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyLanguageSideEffects(currentLanguage());
i18next.on('languageChanged', (language) => {
  if (isLocale(language)) applyLanguageSideEffects(language);
});

export { i18next as i18n };

export function currentLanguage(): Locale {
  return isLocale(i18next.language) ? i18next.language : defaultLocale;
}

/** Switches the interface language and remembers it for the next visit. */
export async function changeLanguage(language: Locale): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not persisted, but the switch itself still applies.
  }
  await i18next.changeLanguage(language);
}
