import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { ADMIN_HOME } from '../../shared/paths.ts';
import { PageFallback } from '../../shared/ui/page-fallback.tsx';
import { ErrorBoundary } from '../error-boundary.tsx';
import { lazyPage } from '../lazy-page.ts';
import { NotFoundPage } from '../not-found-page.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { AdminRouteGate } from './admin-route-gate.tsx';
import { adminRoutes, type AdminRoute } from './admin-routes.ts';

/** The element of each route, made once: a lazy component made during render would remount. */
function gatedPage(route: AdminRoute) {
  const Page = lazyPage(route.load);
  return (
    <AdminRouteGate route={route}>
      <Page />
    </AdminRouteGate>
  );
}
const pages = new Map(adminRoutes.map((route) => [route.path, gatedPage(route)]));

/**
 * The operator console, loaded only when an `/admin` address is opened: customers never download
 * its layout, pages or table. Its routes are descendants of the app router's `/admin/*`.
 */
export default function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        {adminRoutes.map((route) =>
          route.path === ADMIN_HOME ? (
            <Route key={route.path} index element={pages.get(route.path)} />
          ) : (
            <Route
              key={route.path}
              path={route.path.slice(`${ADMIN_HOME}/`.length)}
              element={pages.get(route.path)}
            />
          ),
        )}
        <Route
          path="*"
          element={
            <ErrorBoundary>
              <Suspense fallback={<PageFallback />}>
                <NotFoundPage />
              </Suspense>
            </ErrorBoundary>
          }
        />
      </Route>
    </Routes>
  );
}
