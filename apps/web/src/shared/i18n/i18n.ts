import { defaultLocale, isLocale, locales, type Locale } from '@stratus/contract';
import type { ConfigProviderProps } from 'antd';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Local-storage key of the chosen interface language (seed: `language`). */
export const LANGUAGE_STORAGE_KEY = 'language';

type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

interface LanguagePack {
  messages: () => Promise<{ default: Record<string, string> }>;
  antd: () => Promise<{ default: AntdLocale }>;
  /** Registers the dayjs locale (English is built in) and answers its name. */
  dayjs: () => Promise<string>;
}

// Each language is its own chunks, fetched only when it is shown: the messages, Ant Design's
// texts and dayjs's month names.
const packs: Record<Locale, LanguagePack> = {
  'zh-CN': {
    messages: () => import('../../locales/catalogue-zh-CN.ts'),
    antd: () => import('antd/es/locale/zh_CN'),
    dayjs: () => import('dayjs/locale/zh-cn').then(() => 'zh-cn'),
  },
  'en-US': {
    messages: () => import('../../locales/catalogue-en-US.ts'),
    antd: () => import('antd/es/locale/en_US'),
    dayjs: async () => 'en',
  },
};

const antdLocales = new Map<Locale, AntdLocale>();
const dayjsLocales = new Map<Locale, string>();

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
  dayjs.locale(dayjsLocales.get(language) ?? 'en');
  document.documentElement.lang = language;
}

void i18next.use(initReactI18next).init({
  // Filled by loadLanguage before the first render and before each switch.
  resources: {},
  partialBundledLanguages: true,
  lng: readStoredLanguage(),
  fallbackLng: defaultLocale,
  supportedLngs: [...locales],
  // Keys are flat and dotted (`nav.overview`): dots are part of the key, not a path.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});
i18next.on('languageChanged', (language) => {
  if (isLocale(language)) applyLanguageSideEffects(language);
});

export { i18next as i18n };

export function currentLanguage(): Locale {
  return isLocale(i18next.language) ? i18next.language : defaultLocale;
}

/** Fetches a language's messages, Ant Design texts and dayjs locale, once. */
export async function loadLanguage(language: Locale): Promise<void> {
  if (antdLocales.has(language)) return;
  const pack = packs[language];
  const [messages, antd, dayjsName] = await Promise.all([
    pack.messages(),
    pack.antd(),
    pack.dayjs(),
  ]);
  i18next.addResourceBundle(language, 'translation', messages.default, true, true);
  dayjsLocales.set(language, dayjsName);
  antdLocales.set(language, antd.default);
}

/** Ant Design's texts for a loaded language. */
export function antdLocaleOf(language: Locale): AntdLocale | undefined {
  return antdLocales.get(language);
}

/** Loads the language the interface starts in; the app renders once this is done. */
export async function startI18n(): Promise<void> {
  await loadLanguage(currentLanguage());
  applyLanguageSideEffects(currentLanguage());
}

/** Switches the interface language and remembers it for the next visit. */
export async function changeLanguage(language: Locale): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not persisted, but the switch itself still applies.
  }
  await loadLanguage(language);
  await i18next.changeLanguage(language);
}
