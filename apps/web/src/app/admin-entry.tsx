import { Suspense } from 'react';
import { useMe } from '../features/users/api.ts';
import { AccessDeniedPage } from './access-denied-page.tsx';
import { ConsoleLayout } from './console/console-layout.tsx';
import { lazyPage } from './lazy-page.ts';
import { RouteFallback } from './route-fallback.tsx';
import { RouteTitle } from './route-title.tsx';

// The operator console's chunk is fetched for staff only: a customer never downloads it.
const AdminApp = lazyPage(() => import('./admin/admin-app.tsx'));

/**
 * What `/admin` opens: the operator console for staff; for a customer, who has no business there,
 * a plain 403 inside their own console (its menu, balance and account), not the operator's frame.
 */
export default function AdminEntry() {
  const me = useMe();
  if (me.data?.role === 'customer') {
    return (
      <>
        <ConsoleLayout>
          <AccessDeniedPage />
        </ConsoleLayout>
        {/* After the frame, which titles the tab by its own routes (none here). */}
        <RouteTitle title="common.forbidden.title" />
      </>
    );
  }
  if (me.isPending) return <RouteFallback />;
  return (
    <Suspense fallback={<RouteFallback />}>
      <AdminApp />
    </Suspense>
  );
}
