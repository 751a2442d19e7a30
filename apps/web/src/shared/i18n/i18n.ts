import { defaultLocale, isLocale, locales, type Locale } from '@stratus/contract';
import type { ConfigProviderProps } from 'antd';
import type dayjs from 'dayjs';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Local-storage key of the chosen interface language (seed: `language`). */
export const LANGUAGE_STORAGE_KEY = 'language';

type AntdLocale = NonNullable<ConfigProviderProps['locale']>;
type Messages = () => Promise<{ default: Record<string, string> }>;

interface LanguagePack {
  /** What the portal shows: its own texts, the shared words, validation and HTTP errors. */
  portalMessages: Messages;
  /** Every other message, for the console and the operator console. */
  consoleMessages: Messages;
  antd: () => Promise<{ default: AntdLocale }>;
  /** Registers the dayjs locale (English is built in) and answers its name. */
  dayjs: () => Promise<string>;
}

// Each language is its own chunks, fetched only when it is shown: the portal's messages first;
// the console's messages, Ant Design's texts and dayjs's month names only once a page that needs
// them opens (the portal uses neither Ant Design nor dayjs).
const packs: Record<Locale, LanguagePack> = {
  'zh-CN': {
    portalMessages: () => import('../../locales/catalogue-zh-CN-portal.ts'),
    consoleMessages: () => import('../../locales/catalogue-zh-CN-console.ts'),
    antd: () => import('antd/es/locale/zh_CN'),
    dayjs: () => import('dayjs/locale/zh-cn').then(() => 'zh-cn'),
  },
  'en-US': {
    portalMessages: () => import('../../locales/catalogue-en-US-portal.ts'),
    consoleMessages: () => import('../../locales/catalogue-en-US-console.ts'),
    antd: () => import('antd/es/locale/en_US'),
    dayjs: async () => 'en',
  },
};

const antdLocales = new Map<Locale, AntdLocale>();
const dayjsLocales = new Map<Locale, string>();
/** dayjs itself, once a console page has asked for it (its locale follows the language). */
let dayjsFactory: typeof dayjs | undefined;
/** Whether languages load with the console's part (from the first console page on). */
let consoleWanted = false;
const partLoads = new Map<string, Promise<void>>();

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
  dayjsFactory?.locale(dayjsLocales.get(language) ?? 'en');
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

async function loadPortalPart(language: Locale): Promise<void> {
  const messages = await packs[language].portalMessages();
  i18next.addResourceBundle(language, 'translation', messages.default, true, true);
}

async function loadConsolePart(language: Locale): Promise<void> {
  const pack = packs[language];
  const [messages, antd, dayjsName, dayjsModule] = await Promise.all([
    pack.consoleMessages(),
    pack.antd(),
    pack.dayjs(),
    import('dayjs'),
  ]);
  i18next.addResourceBundle(language, 'translation', messages.default, true, true);
  antdLocales.set(language, antd.default);
  dayjsLocales.set(language, dayjsName);
  dayjsFactory = dayjsModule.default;
}

/** Loads one part of a language once; a failed load is tried again on the next call. */
function loadPart(language: Locale, part: 'portal' | 'console'): Promise<void> {
  const key = `${language}:${part}`;
  let load = partLoads.get(key);
  if (!load) {
    load = part === 'portal' ? loadPortalPart(language) : loadConsolePart(language);
    partLoads.set(key, load);
    load.catch(() => partLoads.delete(key));
  }
  return load;
}

/**
 * Fetches a language's messages once: the portal's, and from the first console page on
 * (`loadConsoleLanguage`) the console's messages, Ant Design texts and dayjs locale too.
 */
export async function loadLanguage(language: Locale): Promise<void> {
  await Promise.all([
    loadPart(language, 'portal'),
    ...(consoleWanted ? [loadPart(language, 'console')] : []),
  ]);
}

/**
 * What a console or operator page needs beyond the portal's texts, for the language shown; every
 * later switch loads it too. The console's frame renders once this is done.
 */
export async function loadConsoleLanguage(): Promise<void> {
  consoleWanted = true;
  await loadLanguage(currentLanguage());
  applyLanguageSideEffects(currentLanguage());
}

/** Ant Design's texts for a language loaded with the console's part. */
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
