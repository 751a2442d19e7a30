import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCompactLayout } from '../../../shared/ui/use-compact-layout.ts';
import { useListFilters } from '../../../shared/use-list-filters.ts';
import { useExportTransactions, useTransactions } from '../api.ts';
import { TransactionFilters } from '../components/transaction-filters.tsx';
import { TransactionTable } from '../components/transaction-table.tsx';
import { flowFilters } from '../flow-filters.ts';

export default function BusinessFlowPage() {
  const { t } = useTranslation();
  const { filters, query, update, changePage } = useListFilters(flowFilters);
  const transactions = useTransactions(query);
  const exportCsv = useExportTransactions();
  // On a phone the card's padding would take a tenth of the width from the table.
  const compact = useCompactLayout();

  return (
    <Card size={compact ? 'small' : undefined}>
      <TransactionFilters
        filters={filters}
        onChange={update}
        exporting={exportCsv.isPending}
        onExport={() => exportCsv.mutate({ query, fileName: t('wallet.flow.exportFileName') })}
      />
      <TransactionTable
        data={transactions.data}
        loading={transactions.isFetching}
        page={filters.page}
        pageSize={filters.pageSize}
        onPageChange={changePage}
      />
    </Card>
  );
}
