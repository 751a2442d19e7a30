import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListFilters } from '../../../shared/use-list-filters.ts';
import { useAuditLog, useExportAuditLog } from '../api.ts';
import { AuditFilters } from '../components/audit-filters.tsx';
import { AuditTable } from '../components/audit-table.tsx';
import { auditFilters } from '../audit-filters.ts';

/** 审计日志: every operator write, searchable and exportable; nothing here edits an entry. */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const { filters, query, update, changePage } = useListFilters(auditFilters);
  const entries = useAuditLog(query);
  const exportCsv = useExportAuditLog();

  return (
    <Card>
      <AuditFilters
        filters={filters}
        onChange={update}
        exporting={exportCsv.isPending}
        onExport={() => exportCsv.mutate({ query, fileName: t('adminAudit.exportFileName') })}
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
