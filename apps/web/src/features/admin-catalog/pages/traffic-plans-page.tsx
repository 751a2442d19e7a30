import { PlusOutlined } from '@ant-design/icons';
import type { AdminTrafficPlan } from '@stratus/contract';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminTrafficPlans } from '../api.ts';
import { TrafficPlanFormModal } from '../components/traffic-plan-form-modal.tsx';
import { TrafficPlanTable } from '../components/traffic-plan-table.tsx';
import { useCanManageCatalog } from '../use-catalog-access.ts';

/** 流量套餐: every traffic plan, shown or hidden; `catalog.manage` adds, edits and deletes them. */
export default function TrafficPlansPage() {
  const { t } = useTranslation();
  const plans = useAdminTrafficPlans();
  const canManage = useCanManageCatalog();
  // undefined: closed; null: adding; a plan: editing it.
  const [editing, setEditing] = useState<AdminTrafficPlan | null | undefined>(undefined);
  return (
    <Card
      extra={
        canManage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t('adminCatalog.traffic.add')}
          </Button>
        )
      }
    >
      <TrafficPlanTable
        plans={plans.data?.items}
        loading={plans.isFetching}
        canManage={canManage}
        onEdit={setEditing}
      />
      {canManage && (
        <TrafficPlanFormModal
          open={editing !== undefined}
          plan={editing ?? null}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Card>
  );
}
