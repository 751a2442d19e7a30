/**
 * The one place that leaves the single-page app: sign-out and chunk-error recovery need a full
 * page load so every in-memory state (query cache, router, i18n) starts afresh. Tests spy here
 * because jsdom cannot navigate.
 */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};
