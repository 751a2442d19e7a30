import type { AdminCustomerDetail, Role } from '@stratus/contract';
import { Card, Descriptions, Flex, Grid, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format/bytes.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { CustomerActions } from './customer-actions.tsx';
import { CustomerStatusTag } from './customer-status-tag.tsx';

/** Who the customer is, the figures support asks about first, and the actions. */
export function CustomerHeader({ customer, role }: { customer: AdminCustomerDetail; role: Role }) {
  const { t } = useTranslation();
  // Beside the email only where there is room: on a phone the buttons would cover it.
  const actionsInHead = Grid.useBreakpoint().md !== false;
  const actions = <CustomerActions customer={customer} role={role} />;
  return (
    <Card
      title={
        <Space>
          <Typography.Text strong>{customer.email}</Typography.Text>
          <CustomerStatusTag status={customer.status} />
        </Space>
      }
      extra={actionsInHead && actions}
    >
      <Flex vertical gap={16}>
        {!actionsInHead && actions}
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
          <Descriptions.Item label={t('adminCustomers.column.balance')}>
            <strong data-testid="customer-balance">{formatMoney(customer.balance)}</strong>
          </Descriptions.Item>
          <Descriptions.Item label={t('adminCustomers.column.liveIps')}>
            {customer.liveIps}
          </Descriptions.Item>
          <Descriptions.Item label={t('adminCustomers.column.trafficLeft')}>
            {formatBytes(customer.trafficLeftBytes)}
          </Descriptions.Item>
          <Descriptions.Item label={t('adminCustomers.column.name')}>
            {customer.name || '--'}
          </Descriptions.Item>
          <Descriptions.Item label={withTimeZone(t('adminCustomers.column.createdAt'))}>
            {formatDateTime(customer.createdAt)}
          </Descriptions.Item>
          <Descriptions.Item label={withTimeZone(t('adminCustomers.column.lastSignInAt'))}>
            {customer.lastSignInAt
              ? formatDateTime(customer.lastSignInAt)
              : t('adminCustomers.neverSignedIn')}
          </Descriptions.Item>
        </Descriptions>
      </Flex>
    </Card>
  );
}
