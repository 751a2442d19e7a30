import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../shared/ui/filter-bar.tsx';
import { useCompactLayout } from '../../../shared/ui/use-compact-layout.ts';
import { useListFilters } from '../../../shared/use-list-filters.ts';
import { useExportTransactions, useTransactions } from '../api.ts';
import { TransactionTable } from '../components/transaction-table.tsx';
import { flowFilterFields, flowFilters } from '../flow-filters.ts';

export default function BusinessFlowPage() {
  const { t } = useTranslation();
  const { filters, query, update, changePage } = useListFilters(flowFilters);
  const transactions = useTransactions(query);
  const exportCsv = useExportTransactions();
  // On a phone the card's padding would take a tenth of the width from the table.
  const compact = useCompactLayout();

  return (
    <Card size={compact ? 'small' : undefined}>
      <FilterBar
        fields={flowFilterFields(t)}
        values={filters}
        onChange={update}
        reset={{ label: t('wallet.flow.filter.reset') }}
        phone="stack"
        actions={
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            loading={exportCsv.isPending}
            onClick={() => exportCsv.mutate({ query, fileName: t('wallet.flow.exportFileName') })}
          >
            {t('wallet.flow.export')}
          </Button>
        }
      />
      <TransactionTable
        data={transactions.data}
        loading={transactions.isFetching}
        page={filters.page}
        pageSize={filters.pageSize}
        onPageChange={changePage}
        receiptLinks
      />
    </Card>
  );
}
