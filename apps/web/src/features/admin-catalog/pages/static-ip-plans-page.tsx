import { PlusOutlined } from '@ant-design/icons';
import type { AdminStaticIpPlan } from '@stratus/contract';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../shared/ui/filter-bar.tsx';
import { useListFilters } from '../../../shared/use-list-filters.ts';
import { useAdminRegions, useAdminStaticIpPlans } from '../api.ts';
import { PlanFormDrawer } from '../components/plan-form-drawer.tsx';
import { PlanTable } from '../components/plan-table.tsx';
import { useCanManageCatalog } from '../use-catalog-access.ts';
import { planFilterFields, planFilters } from '../plan-filters.ts';

/**
 * 静态IP套餐: every plan, shown or hidden, by region and line type, with its prices, stock and
 * live instances; `catalog.manage` adds, edits, shows/hides and deletes them.
 */
export default function StaticIpPlansPage() {
  const { t } = useTranslation();
  const { filters, query, update } = useListFilters(planFilters);
  const plans = useAdminStaticIpPlans(query);
  const regions = useAdminRegions();
  const canManage = useCanManageCatalog();
  // undefined: closed; null: adding; a plan: editing it.
  const [editing, setEditing] = useState<AdminStaticIpPlan | null | undefined>(undefined);
  return (
    <Card
      extra={
        canManage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t('adminCatalog.plan.add')}
          </Button>
        )
      }
    >
      <FilterBar
        fields={planFilterFields(t, regions.data?.items)}
        values={filters}
        onChange={update}
      />
      <PlanTable
        plans={plans.data?.items}
        loading={plans.isFetching}
        canManage={canManage}
        onEdit={setEditing}
      />
      {canManage && (
        <PlanFormDrawer
          open={editing !== undefined}
          plan={editing ?? null}
          defaultRegionId={filters.regionId}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Card>
  );
}
