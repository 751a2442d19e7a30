import { hasPermission, type AdminCustomerDetail, type Role } from '@stratus/contract';
import { Card, Tabs, type TabsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { InstancesTab } from './tabs/instances-tab.tsx';
import { LedgerTab } from './tabs/ledger-tab.tsx';
import { OrdersTab } from './tabs/orders-tab.tsx';
import { PaymentsTab } from './tabs/payments-tab.tsx';
import { ProfileTab } from './tabs/profile-tab.tsx';
import { SessionsTab } from './tabs/sessions-tab.tsx';
import { TrafficPackagesTab } from './tabs/traffic-packages-tab.tsx';

/**
 * Everything about the customer, a tab each. A tab loads when first opened; the payments and
 * orders tabs show only to roles that may read payments and orders.
 */
export function CustomerTabs({ customer, role }: { customer: AdminCustomerDetail; role: Role }) {
  const { t } = useTranslation();
  const id = customer.id;
  const items: NonNullable<TabsProps['items']> = [
    {
      key: 'profile',
      label: t('adminCustomers.tab.profile'),
      children: <ProfileTab customer={customer} />,
    },
    {
      key: 'ledger',
      label: t('adminCustomers.tab.ledger'),
      children: <LedgerTab customerId={id} />,
    },
  ];
  if (hasPermission(role, 'payments.read')) {
    items.push({
      key: 'payments',
      label: t('adminCustomers.tab.payments'),
      children: <PaymentsTab customerId={id} />,
    });
  }
  if (hasPermission(role, 'orders.read')) {
    items.push({
      key: 'orders',
      label: t('adminCustomers.tab.orders'),
      children: <OrdersTab customerId={id} />,
    });
  }
  items.push(
    {
      key: 'instances',
      label: t('adminCustomers.tab.instances'),
      children: <InstancesTab customerId={id} role={role} />,
    },
    {
      key: 'trafficPackages',
      label: t('adminCustomers.tab.trafficPackages'),
      children: <TrafficPackagesTab customerId={id} />,
    },
    {
      key: 'sessions',
      label: t('adminCustomers.tab.sessions'),
      children: <SessionsTab customerId={id} />,
    },
  );
  return (
    <Card>
      <Tabs items={items} />
    </Card>
  );
}
