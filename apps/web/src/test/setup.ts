import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { defaultLocale, locales } from '@stratus/contract';
import { setBusinessTimeZoneForTests } from '../shared/format/business-time.ts';
import {
  changeLanguage,
  currentLanguage,
  loadConsoleLanguage,
  loadLanguage,
  startI18n,
} from '../shared/i18n/i18n.ts';
import { forgetRecentPagesForTests } from '../shared/recent-pages.ts';
import { removeToasts, toastHolderSettled } from '../shared/ui/feedback.ts';
import { mediaQueryList } from './window-width.ts';

// A few files put the process in another time zone (`process.env.TZ` before their imports); the
// next file in the same worker gets the zone this file started in back.
const startZone = process.env.TZ;
afterAll(() => {
  if (startZone === undefined) delete process.env.TZ;
  else process.env.TZ = startZone;
});

// Tests switch languages freely: both are loaded before any test renders.
await startI18n();
await loadConsoleLanguage();
await Promise.all(locales.map((language) => loadLanguage(language)));

// CI runs every workspace at once on two cores, where a page can take seconds to settle: the
// `findBy…` and `waitFor` helpers wait up to 10 s rather than their default of one.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks matchMedia, which Ant Design's responsive helpers query.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => mediaQueryList(query, false),
  });
}

// jsdom has no layout engine, hence no ResizeObserver; a silent one is all components need.
if (!('ResizeObserver' in window)) {
  class SilentResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  // Defined rather than stubbed: a test's vi.unstubAllGlobals() must not take it away.
  Object.defineProperty(globalThis, 'ResizeObserver', {
    configurable: true,
    writable: true,
    value: SilentResizeObserver,
  });
}

// The console's first-visit tour would cover every console page; its own test clears the flag.
beforeEach(() => {
  sessionStorage.setItem('isFirst', '1');
});

// A worker runs file after file in one page and one module graph (`isolate: false` in
// apps/web/vite.config.ts): what a test changes in module state or the page is put back after
// it, so the next test starts as on a new page (docs/conventions.md, item 10, "Web tests").
afterEach(async () => {
  cleanup();
  // Toasts have a holder of their own, which no test's tree takes away (shared/ui/feedback.ts).
  // A toast raised as the test ended mounts it first, outside act(): act() holds renders started
  // inside it until its callback ends, and removeToasts waits for that render (a deadlock).
  await toastHolderSettled();
  await act(removeToasts);
  vi.useRealTimers();
  if (currentLanguage() !== defaultLocale) await changeLanguage(defaultLocale);
  setBusinessTimeZoneForTests(undefined);
  for (const meta of document.head.querySelectorAll('meta[name="business-time-zone"]')) {
    meta.remove();
  }
  forgetRecentPagesForTests();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});
