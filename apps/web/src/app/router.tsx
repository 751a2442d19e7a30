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

// Nothing here may import Ant Design: this module is in the first screen of the portal, which
// renders without it. Every other page sits in AntdShell, fetched with the console's messages.
const AntdShell = lazyPage(() =>
  Promise.all([import('./antd-shell.tsx'), loadConsoleLanguage()]).then(([module]) => module),
);
const AdminApp = lazyPage(() => import('./admin/admin-app.tsx'));
// The console's frame (menu, drawer, tour) is not the portal's: fetched with the first console page.
const ConsoleLayout = lazyPage(() =>
  import('./console/console-layout.tsx').then((module) => ({ default: module.ConsoleLayout })),
);
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

function pageObject(route: PageRoute, wrap: boolean): RouteObject {
  const Page = lazyPage(route.load);
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
        element: loaded(<AntdShell />),
        children: [
          ...portalRoutes.filter((route) => !route.plain).map((r) => pageObject(r, true)),
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
          // The operator console brings its own layout and routes, in a chunk customers never load.
          { path: '/admin/*', element: loaded(<AdminApp />) },
          { path: '*', element: loaded(<NotFoundPage />) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
