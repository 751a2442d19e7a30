import { PlusOutlined } from '@ant-design/icons';
import type { AdminRegion } from '@stratus/contract';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminRegions } from '../api.ts';
import { RegionFormModal } from '../components/region-form-modal.tsx';
import { RegionTable } from '../components/region-table.tsx';
import { useCanManageCatalog } from '../use-catalog-access.ts';

/** 地区: the catalog's regions with their names in both languages; `catalog.manage` edits them. */
export default function RegionsPage() {
  const { t } = useTranslation();
  const regions = useAdminRegions();
  const canManage = useCanManageCatalog();
  // undefined: closed; null: adding; a region: editing it.
  const [editing, setEditing] = useState<AdminRegion | null | undefined>(undefined);
  return (
    <Card
      extra={
        canManage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t('adminCatalog.region.add')}
          </Button>
        )
      }
    >
      <RegionTable
        regions={regions.data?.items}
        loading={regions.isFetching}
        onEdit={canManage ? setEditing : undefined}
      />
      {canManage && (
        <RegionFormModal
          open={editing !== undefined}
          region={editing ?? null}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Card>
  );
}
