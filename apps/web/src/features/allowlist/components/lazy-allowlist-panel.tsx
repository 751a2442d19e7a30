import { lazy, Suspense } from 'react';
import { PageFallback } from '../../../shared/ui/page-fallback.tsx';

// The allowlist is the IP list's second tab: its form (Ant Design's Form with its grid), alert
// and confirmations are fetched when the tab is opened, not with the list's first screen.
const AllowlistPanel = lazy(() =>
  import('./allowlist-panel.tsx').then((module) => ({ default: module.AllowlistPanel })),
);

/** The allowlist panel, loaded when first shown; the page's spinner stands in meanwhile. */
export function LazyAllowlistPanel() {
  return (
    <Suspense fallback={<PageFallback />}>
      <AllowlistPanel />
    </Suspense>
  );
}
