import type { AdminCustomerDetail } from '@stratus/contract';
import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/date.ts';
import { withTimeZone } from '../../../../shared/format/time-zone-title.ts';
import { CustomerStatusTag } from '../customer-status-tag.tsx';

export function ProfileTab({ customer }: { customer: AdminCustomerDetail }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
      <Descriptions.Item label={t('adminCustomers.column.email')}>
        <Typography.Text copyable>{customer.email}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('adminCustomers.column.name')}>
        {customer.name || '--'}
      </Descriptions.Item>
      <Descriptions.Item label={t('adminCustomers.field.id')}>
        <Typography.Text copyable code>
          {customer.id}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('adminCustomers.column.status')}>
        <CustomerStatusTag status={customer.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('adminCustomers.field.language')}>
        {t(`common.language.${customer.language}`)}
      </Descriptions.Item>
      <Descriptions.Item label={t('adminCustomers.field.dynamicAccount')}>
        {customer.dynamicAccount ? (
          <Typography.Text copyable code>
            {customer.dynamicAccount}
          </Typography.Text>
        ) : (
          t('adminCustomers.field.dynamicAccountNone')
        )}
      </Descriptions.Item>
      <Descriptions.Item label={withTimeZone(t('adminCustomers.column.createdAt'))}>
        {formatDateTime(customer.createdAt)}
      </Descriptions.Item>
      <Descriptions.Item label={withTimeZone(t('adminCustomers.column.lastSignInAt'))}>
        {customer.lastSignInAt
          ? formatDateTime(customer.lastSignInAt)
          : t('adminCustomers.neverSignedIn')}
      </Descriptions.Item>
      {customer.disabledAt && (
        <Descriptions.Item label={withTimeZone(t('adminCustomers.field.disabledAt'))}>
          {formatDateTime(customer.disabledAt)}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}
