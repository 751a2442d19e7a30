/**
 * The one place that leaves the single-page app: sign-out and chunk-error recovery need a full
 * page load so every in-memory state (query cache, router, i18n) starts afresh. Tests spy here
 * because jsdom cannot navigate.
 *
 * Only the first load a page starts goes ahead: the page is leaving, and a second one (two
 * requests meeting the same expired session each sign out) would only abort the first. A page
 * brought back from the back-forward cache may leave again.
 */
export function createBrowserNavigation(
  location: Pick<Location, 'assign' | 'reload'>,
  events: Pick<Window, 'addEventListener'>,
) {
  let leaving = false;
  events.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted) leaving = false;
  });
  const leave = (load: () => void) => {
    if (leaving) return;
    leaving = true;
    load();
  };
  return {
    assign(url: string): void {
      leave(() => location.assign(url));
    },
    reload(): void {
      leave(() => location.reload());
    },
  };
}

export const browserNavigation = createBrowserNavigation(window.location, window);
