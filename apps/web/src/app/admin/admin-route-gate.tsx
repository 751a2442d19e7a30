import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMe } from '../../features/users/api.ts';
import { CONSOLE_HOME } from '../../shared/paths.ts';
import { PageFallback } from '../../shared/ui/page-fallback.tsx';
import { canOpen, type AdminRoute } from './admin-routes.ts';

/**
 * Shows a page only to staff whose role may open it (the API refuses the calls anyway; this
 * spares them a page of errors). Customers and other roles get a clear 403.
 */
export function AdminRouteGate({ route, children }: { route: AdminRoute; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  if (!me.data) return <PageFallback />;
  if (canOpen(me.data.role, route)) return <>{children}</>;
  const customer = me.data.role === 'customer';
  return (
    <Result
      status="403"
      title={t(customer ? 'admin.denied.customer' : 'admin.denied.role')}
      subTitle={
        customer ? undefined : t('admin.denied.roleHint', { role: t(`users.role.${me.data.role}`) })
      }
      extra={
        <Button type="primary" onClick={() => navigate(CONSOLE_HOME)}>
          {t('admin.backToConsole')}
        </Button>
      }
    />
  );
}
