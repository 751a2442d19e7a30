import { withTimeZone } from '../../../../shared/format/time-zone-title.ts';
import { hasPermission, type AdminCustomerInstance, type Role } from '@stratus/contract';
import { Button, Empty, Popconfirm, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/date.ts';
import { regionLabel } from '../../../../shared/format/region.ts';
import { showSuccessToast } from '../../../../shared/ui/feedback.ts';
import { InstanceStatusTag, ProtocolTags } from '../../../instances/public.ts';
import { useCustomerTab, useResetProxyPassword } from '../../api.ts';
import { useTabPaging } from '../../use-tab-paging.ts';

/** The customer's static IPs; support gives one a new proxy password here. */
export function InstancesTab({ customerId, role }: { customerId: string; role: Role }) {
  const { t } = useTranslation();
  const { paging, pagination } = useTabPaging();
  const instances = useCustomerTab(customerId, 'instances', paging);
  const reset = useResetProxyPassword(customerId);
  const manage = hasPermission(role, 'customers.manage');
  const columns: TableColumnsType<AdminCustomerInstance> = [
    {
      key: 'address',
      title: t('instances.field.address'),
      width: 180,
      render: (_, instance) => (
        <Typography.Text copyable={{ text: instance.ip }}>
          {`${instance.ip}:${instance.port}`}
        </Typography.Text>
      ),
    },
    {
      key: 'region',
      title: t('instances.field.region'),
      width: 180,
      render: (_, instance) => regionLabel(instance.countryName, instance.city),
    },
    {
      key: 'protocols',
      title: t('instances.field.protocols'),
      width: 180,
      render: (_, instance) => <ProtocolTags protocols={instance.protocols} />,
    },
    {
      key: 'status',
      title: t('instances.field.status'),
      width: 100,
      render: (_, instance) => <InstanceStatusTag status={instance.status} />,
    },
    {
      key: 'expiresAt',
      title: withTimeZone(t('instances.field.expiresAt')),
      width: 180,
      render: (_, instance) => formatDateTime(instance.expiresAt),
    },
    {
      key: 'autoRenew',
      title: t('instances.field.autoRenew'),
      width: 160,
      render: (_, instance) => (
        <>
          {t(
            instance.autoRenew
              ? 'adminCustomers.instance.autoRenewOn'
              : 'adminCustomers.instance.autoRenewOff',
          )}
          {instance.renewalWarning && (
            <Typography.Text type="warning" style={{ display: 'block' }}>
              {t('adminCustomers.instance.renewalWarning', { reason: instance.renewalWarning })}
            </Typography.Text>
          )}
        </>
      ),
    },
  ];
  if (manage) {
    columns.push({
      key: 'actions',
      title: t('instances.field.actions'),
      width: 150,
      fixed: 'right',
      render: (_, instance) =>
        instance.status === 'active' && (
          <Popconfirm
            title={t('adminCustomers.instance.resetConfirm', { ip: instance.ip })}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() =>
              reset.mutate(instance.id, {
                onSuccess: () =>
                  showSuccessToast(t('adminCustomers.instance.resetDone', { ip: instance.ip })),
              })
            }
          >
            <Button type="link" size="small">
              {t('adminCustomers.instance.resetPassword')}
            </Button>
          </Popconfirm>
        ),
    });
  }
  return (
    <Table<AdminCustomerInstance>
      rowKey="id"
      columns={columns}
      dataSource={instances.data?.items ?? []}
      loading={instances.isFetching}
      scroll={{ x: 1130 }}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminCustomers.tab.empty')} />
        ),
      }}
      pagination={pagination(instances.data)}
    />
  );
}
