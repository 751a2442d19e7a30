import type { AdminStaticIpPlan } from '@stratus/contract';
import { Button, Empty, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money.ts';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { useDeleteStaticIpPlan, useUpdateStaticIpPlan } from '../api.ts';
import { planName } from '../plan-name.ts';
import { regionCode, regionLabel } from '../region-label.ts';
import { useSetShown } from '../use-set-shown.ts';
import { PlanShownSwitch } from './plan-shown-switch.tsx';
import styles from './catalog-table.module.css';
import { DeletePlanButton } from './delete-plan-button.tsx';

interface PlanTableProps {
  plans: AdminStaticIpPlan[] | undefined;
  loading: boolean;
  /** Whether the viewer may change plans: switches and actions are read-only otherwise. */
  canManage: boolean;
  onEdit: (plan: AdminStaticIpPlan) => void;
}

/** Static-IP plans in catalog order: region, line, protocols, prices, stock, live, shown. */
export function PlanTable({ plans, loading, canManage, onEdit }: PlanTableProps) {
  const { t } = useTranslation();
  const update = useUpdateStaticIpPlan();
  const remove = useDeleteStaticIpPlan();

  const setShown = useSetShown<AdminStaticIpPlan>(update, (plan) => planName(plan, t));

  const columns: TableColumnsType<AdminStaticIpPlan> = [
    {
      key: 'region',
      // Kept in view while the other columns scroll under it on a phone.
      fixed: 'left',
      title: t('adminCatalog.plan.column.region'),
      width: 150,
      render: (_value, plan) => (
        <Space orientation="vertical" size={0}>
          <span>{regionLabel(plan.region, currentLanguage())}</span>
          <span className={`${styles.code} ${styles.muted}`}>{regionCode(plan.region)}</span>
        </Space>
      ),
    },
    {
      key: 'lineType',
      title: t('adminCatalog.plan.column.lineType'),
      dataIndex: 'lineType',
      render: (lineType: AdminStaticIpPlan['lineType']) => (
        <span className={styles.nowrap}>{t(`instances.lineType.${lineType}`)}</span>
      ),
    },
    {
      key: 'protocols',
      title: t('adminCatalog.plan.column.protocols'),
      dataIndex: 'protocols',
      render: (protocols: AdminStaticIpPlan['protocols']) => (
        <span className={styles.nowrap}>
          {protocols.map((protocol) => t(`instances.protocol.${protocol}`)).join(' / ')}
        </span>
      ),
    },
    {
      key: 'prices',
      title: t('adminCatalog.plan.column.prices'),
      render: (_value, plan) =>
        plan.prices.length === 0 ? (
          <span className={styles.muted}>{t('adminCatalog.plan.noPrices')}</span>
        ) : (
          <div className={styles.prices}>
            {plan.prices.map((price) => (
              <Tag key={price.durationDays} className={styles.number}>
                {t('adminCatalog.plan.price', {
                  days: price.durationDays,
                  price: formatMoney(price.price),
                })}
              </Tag>
            ))}
          </div>
        ),
    },
    {
      key: 'stock',
      title: t('adminCatalog.plan.column.stock'),
      dataIndex: 'stock',
      width: 70,
      align: 'right',
      render: (stock: number) => <span className={styles.number}>{stock}</span>,
    },
    {
      key: 'liveInstances',
      title: t('adminCatalog.plan.column.liveInstances'),
      dataIndex: 'liveInstances',
      width: 84,
      align: 'right',
      render: (live: number) => <span className={styles.number}>{live}</span>,
    },
    {
      key: 'active',
      title: t('adminCatalog.plan.column.shown'),
      dataIndex: 'active',
      width: 80,
      render: (active: boolean, plan) =>
        canManage ? (
          <PlanShownSwitch
            shown={active}
            planName={planName(plan, t)}
            stock={plan.stock}
            liveInstances={plan.liveInstances}
            loading={update.isPending && update.variables?.id === plan.id}
            onChange={(shown) => void setShown(plan, shown)}
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
      render: (order: number) => <span className={styles.number}>{order}</span>,
    },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      title: t('adminCatalog.actions'),
      width: 120,
      render: (_value, plan) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            aria-label={`${t('adminCatalog.edit')} ${planName(plan, t)}`}
            onClick={() => onEdit(plan)}
          >
            {t('adminCatalog.edit')}
          </Button>
          <DeletePlanButton
            planName={planName(plan, t)}
            blockedReason={
              plan.liveInstances > 0
                ? t('adminCatalog.plan.deleteBlocked', { count: plan.liveInstances })
                : null
            }
            hint={t('adminCatalog.plan.deleteHint')}
            loading={remove.isPending && remove.variables === plan.id}
            onConfirm={() =>
              remove
                .mutateAsync(plan.id)
                .then(() =>
                  showSuccessToast(t('adminCatalog.plan.deleted', { plan: planName(plan, t) })),
                )
            }
          />
        </Space>
      ),
    });
  }
  return (
    <Table<AdminStaticIpPlan>
      rowKey="id"
      columns={columns}
      dataSource={plans ?? []}
      loading={loading}
      pagination={false}
      scroll={{ x: 1100 }}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminCatalog.plan.empty')} />
        ),
      }}
    />
  );
}
