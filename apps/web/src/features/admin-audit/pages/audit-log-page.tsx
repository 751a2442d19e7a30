import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../shared/ui/filter-bar.tsx';
import { useListFilters } from '../../../shared/use-list-filters.ts';
import { useAuditLog, useExportAuditLog } from '../api.ts';
import { AuditTable } from '../components/audit-table.tsx';
import { auditFilterFields, auditFilters } from '../audit-filters.ts';

/** 审计日志: every operator write, searchable and exportable; nothing here edits an entry. */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const { filters, query, update, changePage } = useListFilters(auditFilters);
  const entries = useAuditLog(query);
  const exportCsv = useExportAuditLog();

  return (
    <Card>
      <FilterBar
        fields={auditFilterFields(t)}
        values={filters}
        onChange={update}
        reset={{ label: t('adminAudit.filter.reset') }}
        actions={
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            loading={exportCsv.isPending}
            onClick={() => exportCsv.mutate({ query, fileName: t('adminAudit.exportFileName') })}
          >
            {t('adminAudit.export')}
          </Button>
        }
      />
      <AuditTable
        data={entries.data}
        loading={entries.isFetching}
        page={filters.page}
        pageSize={filters.pageSize}
        onPageChange={changePage}
      />
    </Card>
  );
}
