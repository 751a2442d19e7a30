import { useSyncExternalStore } from 'react';

/**
 * Narrower than Ant Design's `lg` breakpoint (992 px, its `screenLG` token): phones and small
 * tablets, where the menu leaves the page's side for a drawer and controls grow to touch size.
 * Read from `matchMedia` at the first render (Ant Design's `Grid.useBreakpoint` answers only
 * after an effect), so a phone never draws the desktop shell first.
 */
export const COMPACT_LAYOUT_QUERY = '(max-width: 991.98px)';

function mediaQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(COMPACT_LAYOUT_QUERY) : null;
}

function subscribe(onChange: () => void) {
  const list = mediaQuery();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** True while the window is narrower than `lg`. */
export function useCompactLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery()?.matches ?? false,
    () => false,
  );
}
