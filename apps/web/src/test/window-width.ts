import { vi } from 'vitest';

/** What `matchMedia(query)` answers in tests: `matches` as given, listeners that do nothing. */
export function mediaQueryList(query: string, matches: boolean) {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  };
}

/**
 * A window `width` pixels wide, as media queries read it (Ant Design's breakpoints and
 * `useCompactLayout`): `min-width` / `max-width` queries answer for that width. Undone by
 * `vi.unstubAllGlobals()`.
 */
export function emulateWindowWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return mediaQueryList(
      query,
      (!min || width >= Number(min[1])) && (!max || width <= Number(max[1])),
    );
  });
}
