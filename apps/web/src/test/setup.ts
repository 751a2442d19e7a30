import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { locales } from '@stratus/contract';
import { loadConsoleLanguage, loadLanguage, startI18n } from '../shared/i18n/i18n.ts';
import { removeToasts } from '../shared/ui/feedback.ts';
import { mediaQueryList } from './window-width.ts';

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

afterEach(async () => {
  cleanup();
  // Toasts have a holder of their own, which no test's tree takes away (shared/ui/feedback.ts).
  await act(removeToasts);
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});
