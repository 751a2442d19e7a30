import { ImportOutlined } from '@ant-design/icons';
import { hasPermission, type AdminIp } from '@stratus/contract';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterBar } from '../../../shared/ui/filter-bar.tsx';
import { useListFilters } from '../../../shared/use-list-filters.ts';
import { ADMIN_IP_IMPORT_PATH } from '../../../shared/paths.ts';
import { useMe } from '../../users/public.ts';
import { useAdminIpOverview, useAdminIps } from '../api.ts';
import { BulkBar } from '../components/bulk-bar.tsx';
import { IpDetailDrawer } from '../components/ip-detail-drawer.tsx';
import { IpTable } from '../components/ip-table.tsx';
import { StatusChangeModal, type PendingChange } from '../components/status-change-modal.tsx';
import { StatusSummary } from '../components/status-summary.tsx';
import { ipFilterFields, ipFilters } from '../ip-filters.ts';
import styles from './admin-ips-page.module.css';

/** The IP pool: its states, filters, one address's page, and the operator's state changes. */
export default function AdminIpsPage() {
  const { t } = useTranslation();
  const { filters, query, update, changePage } = useListFilters(ipFilters);
  const ips = useAdminIps(query);
  const overview = useAdminIpOverview();
  const role = useMe().data?.role;
  const canManage = role !== undefined && hasPermission(role, 'inventory.manage');
  const [detailId, setDetailId] = useState<string | null>(null);
  const [selected, setSelected] = useState<AdminIp[]>([]);
  const [pending, setPending] = useState<PendingChange | null>(null);

  return (
    <Card>
      <div className={styles.header}>
        <StatusSummary overview={overview.data} filters={filters} onChange={update} />
        {canManage && (
          <Link to={ADMIN_IP_IMPORT_PATH}>
            <Button type="primary" icon={<ImportOutlined />}>
              {t('adminInventory.action.import')}
            </Button>
          </Link>
        )}
      </div>
      <FilterBar
        fields={ipFilterFields(t, overview.data)}
        values={filters}
        onChange={update}
        reset={{ label: t('adminInventory.filter.reset'), alsoClears: ['flagged'] }}
      />
      {canManage && (
        <BulkBar
          selected={selected}
          onChange={(change) => setPending({ change, ips: selected })}
          onClear={() => setSelected([])}
        />
      )}
      <IpTable
        data={ips.data}
        loading={ips.isFetching}
        page={filters.page}
        pageSize={filters.pageSize}
        onPageChange={changePage}
        onDetail={(ip) => setDetailId(ip.id)}
        selection={canManage ? { selected, onChange: setSelected } : undefined}
      />
      <IpDetailDrawer
        ipId={detailId}
        canManage={canManage}
        onChange={(change, ip) => setPending({ change, ips: [ip] })}
        onClose={() => setDetailId(null)}
      />
      <StatusChangeModal
        pending={pending}
        onClose={() => setPending(null)}
        onDone={() => setSelected([])}
      />
    </Card>
  );
}
