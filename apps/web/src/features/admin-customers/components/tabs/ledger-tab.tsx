import { TransactionTable } from '../../../wallet/public.ts';
import { useCustomerTab } from '../../api.ts';
import { useTabPaging } from '../../use-tab-paging.ts';

/** The customer's 账单流水, as they see it themselves. */
export function LedgerTab({ customerId }: { customerId: string }) {
  const { paging, pagination } = useTabPaging();
  const ledger = useCustomerTab(customerId, 'ledger', paging);
  const { onChange } = pagination(ledger.data);
  return (
    <TransactionTable
      data={ledger.data}
      loading={ledger.isFetching}
      page={paging.page}
      pageSize={paging.pageSize}
      onPageChange={(page, pageSize) => onChange?.(page, pageSize)}
    />
  );
}
