import { Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageFallback } from '../shared/ui/page-fallback.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { RouteGuard } from './guard.tsx';
import { lazyPage } from './lazy-page.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { PageError } from './page-error.tsx';
import { RouteTitle } from './route-title.tsx';
import { pageRoutes, type PageRoute } from './routes.ts';
import { CONSOLE_HOME, PORTAL_AUTH } from '../shared/paths.ts';

const AdminApp = lazyPage(() => import('./admin/admin-app.tsx'));
// The console's frame (menu, drawer, tour) is not the portal's: fetched with the first console page.
const ConsoleLayout = lazyPage(() =>
  import('./console/console-layout.tsx').then((module) => ({ default: module.ConsoleLayout })),
);

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
        <ErrorBoundary>
          <Suspense fallback={<PageFallback />}>{page}</Suspense>
        </ErrorBoundary>
      </>
    ) : (
      page
    ),
  };
}

/** Router configuration derived from the route table (exported for tests). */
export const appRoutes: RouteObject[] = [
  {
    element: <RouteGuard />,
    errorElement: <PageError />,
    children: [
      { path: '/', element: <Navigate to={PORTAL_AUTH} replace /> },
      { path: '/portal', element: <Navigate to={PORTAL_AUTH} replace /> },
      ...pageRoutes.filter((route) => route.layout === 'portal').map((r) => pageObject(r, true)),
      {
        path: '/console',
        element: (
          <ErrorBoundary>
            <Suspense fallback={<PageFallback />}>
              <ConsoleLayout />
            </Suspense>
          </ErrorBoundary>
        ),
        children: [
          { index: true, element: <Navigate to={CONSOLE_HOME} replace /> },
          ...pageRoutes
            .filter((route) => route.layout === 'console')
            .map((r) => pageObject(r, false)),
        ],
      },
      // The operator console brings its own layout and routes, in a chunk customers never load.
      {
        path: '/admin/*',
        element: (
          <ErrorBoundary>
            <Suspense fallback={<PageFallback />}>
              <AdminApp />
            </Suspense>
          </ErrorBoundary>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
