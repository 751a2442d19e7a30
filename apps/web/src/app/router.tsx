import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { loadConsoleLanguage } from '../shared/i18n/i18n.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { RouteGuard } from './guard.tsx';
import { lazyPage } from './lazy-page.ts';
import { PageError } from './page-error.tsx';
import { RouteFallback } from './route-fallback.tsx';
import { RouteTitle } from './route-title.tsx';
import { pageRoutes, type PageRoute } from './routes.ts';
import { CONSOLE_HOME, PORTAL_AUTH } from '../shared/paths.ts';
import { withAntdProviders } from '../shared/ui/lazy-with-antd.tsx';

// Nothing here may import Ant Design: this module is in the first screen of the portal, which
// renders without it. The portal's other pages, the operator console and the not-found page sit in
// AntdShell, fetched with the console's messages.
const AntdShell = lazyPage(() =>
  Promise.all([import('./antd-shell.tsx'), loadConsoleLanguage()]).then(([module]) => module),
);
const AdminEntry = lazyPage(() => import('./admin-entry.tsx'));
// The console's frame (menu, drawer, tour) is not the portal's: fetched with the console's
// messages and the first console page. It sits in no AntdShell: each page not marked `plain`
// brings Ant Design's providers itself (consolePageLoad).
const loadConsoleLayout = () =>
  Promise.all([import('./console/console-layout.tsx'), loadConsoleLanguage()]).then(([module]) => ({
    default: module.ConsoleLayout,
  }));
// The frame itself is plain (first-screen.test.ts): it renders in no Ant Design providers.
const ConsoleLayout = lazyPage(loadConsoleLayout);
const NotFoundPage = lazyPage(() =>
  import('./not-found-page.tsx').then((module) => ({ default: module.NotFoundPage })),
);

/** A lazily loaded piece with its own error boundary and loading state. */
function loaded(element: ReactNode) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<RouteFallback />}>{element}</Suspense>
    </ErrorBoundary>
  );
}

/**
 * A console page not marked `plain` is fetched with Ant Design's providers and renders inside them
 * (theme, locale, compact sizes, `App.useApp()`): the frame around it has none.
 */
function consolePageLoad(route: PageRoute): PageRoute['load'] {
  return route.plain ? route.load : withAntdProviders(route.load);
}

function pageObject(route: PageRoute, wrap: boolean): RouteObject {
  const Page = lazyPage(route.layout === 'console' ? consolePageLoad(route) : route.load);
  // Console pages get their boundary and fallback from the layout, which stays on screen.
  const page = <Page />;
  return {
    path: route.path,
    element: wrap ? (
      <>
        {/* Before the page: a page that names itself more closely (the portal) sets it after. */}
        <RouteTitle title={route.title} />
        {loaded(page)}
      </>
    ) : (
      page
    ),
  };
}

const portalRoutes = pageRoutes.filter((route) => route.layout === 'portal');

/** Router configuration derived from the route table (exported for tests). */
export const appRoutes: RouteObject[] = [
  {
    element: <RouteGuard />,
    errorElement: <PageError />,
    children: [
      { path: '/', element: <Navigate to={PORTAL_AUTH} replace /> },
      { path: '/portal', element: <Navigate to={PORTAL_AUTH} replace /> },
      ...portalRoutes.filter((route) => route.plain).map((r) => pageObject(r, true)),
      {
        path: '/console',
        element: loaded(<ConsoleLayout />),
        children: [
          { index: true, element: <Navigate to={CONSOLE_HOME} replace /> },
          ...pageRoutes
            .filter((route) => route.layout === 'console')
            .map((r) => pageObject(r, false)),
        ],
      },
      {
        element: loaded(<AntdShell />),
        children: [
          ...portalRoutes.filter((route) => !route.plain).map((r) => pageObject(r, true)),
          // The operator console brings its own layout and routes, in a chunk customers never load
          // (a customer there meets a 403 in their own console).
          { path: '/admin/*', element: loaded(<AdminEntry />) },
          { path: '*', element: loaded(<NotFoundPage />) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
