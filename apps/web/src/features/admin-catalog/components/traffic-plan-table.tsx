import type { AdminTrafficPlan } from '@stratus/contract';
import { Button, Empty, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money.ts';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useDeleteTrafficPlan, useUpdateTrafficPlan } from '../api.ts';
import { trafficPlanName } from '../traffic-plan-name.ts';
import { useSetShown } from '../use-set-shown.ts';
import styles from './catalog-table.module.css';
import { DeletePlanButton } from './delete-plan-button.tsx';

interface TrafficPlanTableProps {
  plans: AdminTrafficPlan[] | undefined;
  loading: boolean;
  /** Whether the viewer may change plans: switches and actions are read-only otherwise. */
  canManage: boolean;
  onEdit: (plan: AdminTrafficPlan) => void;
}

/** Traffic plans in catalog order: size, validity, price, per GB, live packages, shown. */
export function TrafficPlanTable({ plans, loading, canManage, onEdit }: TrafficPlanTableProps) {
  const { t } = useTranslation();
  const update = useUpdateTrafficPlan();
  const remove = useDeleteTrafficPlan();

  const setShown = useSetShown<AdminTrafficPlan>(update, (plan) => trafficPlanName(plan, t));

  const number = (value: string | number) => <span className={styles.number}>{value}</span>;
  const columns: TableColumnsType<AdminTrafficPlan> = [
    {
      key: 'gb',
      // Kept in view while the other columns scroll under it on a phone.
      fixed: 'left',
      title: t('adminCatalog.traffic.column.size'),
      dataIndex: 'gb',
      render: (gb: number) => number(`${gb} GB`),
    },
    {
      key: 'validityDays',
      title: t('adminCatalog.traffic.column.validity'),
      dataIndex: 'validityDays',
      render: (days: number) => number(t('adminCatalog.days', { days })),
    },
    {
      key: 'price',
      title: t('adminCatalog.traffic.column.price'),
      dataIndex: 'price',
      align: 'right',
      render: (price: number) => number(formatMoney(price)),
    },
    {
      key: 'pricePerGb',
      title: t('adminCatalog.traffic.column.perGb'),
      dataIndex: 'pricePerGb',
      align: 'right',
      render: (price: number) => number(formatMoney(price)),
    },
    {
      key: 'livePackages',
      title: t('adminCatalog.traffic.column.livePackages'),
      dataIndex: 'livePackages',
      // Its title whole in both languages (使用中的流量包 broke in two on a phone).
      width: 140,
      align: 'right',
      render: (count: number) => number(count),
    },
    {
      key: 'active',
      title: t('adminCatalog.plan.column.shown'),
      dataIndex: 'active',
      width: 90,
      render: (active: boolean, plan) =>
        canManage ? (
          <Switch
            checked={active}
            aria-label={`${t('adminCatalog.plan.column.shown')} ${trafficPlanName(plan, t)}`}
            loading={update.isPending && update.variables?.id === plan.id}
            onChange={(checked) => setShown(plan, checked)}
          />
        ) : (
          <Tag color={active ? 'green' : 'default'}>
            {t(active ? 'adminCatalog.shown' : 'adminCatalog.hidden')}
          </Tag>
        ),
    },
    {
      key: 'sortOrder',
      title: t('adminCatalog.column.sortOrder'),
      dataIndex: 'sortOrder',
      width: 80,
      align: 'right',
      render: (order: number) => number(order),
    },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      title: t('adminCatalog.actions'),
      width: 130,
      render: (_value, plan) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            aria-label={`${t('adminCatalog.edit')} ${trafficPlanName(plan, t)}`}
            onClick={() => onEdit(plan)}
          >
            {t('adminCatalog.edit')}
          </Button>
          <DeletePlanButton
            planName={trafficPlanName(plan, t)}
            blockedReason={
              plan.livePackages > 0
                ? t('adminCatalog.traffic.deleteBlocked', { count: plan.livePackages })
                : null
            }
            loading={remove.isPending && remove.variables === plan.id}
            onConfirm={() =>
              remove
                .mutateAsync(plan.id)
                .then(() =>
                  showSuccessToast(
                    t('adminCatalog.plan.deleted', { plan: trafficPlanName(plan, t) }),
                  ),
                )
            }
          />
        </Space>
      ),
    });
  }
  return (
    <Table<AdminTrafficPlan>
      rowKey="id"
      columns={columns}
      dataSource={plans ?? []}
      loading={loading}
      pagination={false}
      scroll={{ x: 860 }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('adminCatalog.traffic.empty')}
          />
        ),
      }}
    />
  );
}
