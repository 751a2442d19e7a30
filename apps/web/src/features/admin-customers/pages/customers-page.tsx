import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../shared/ui/filter-bar.tsx';
import { useListFilters } from '../../../shared/use-list-filters.ts';
import { useAdminCustomers } from '../api.ts';
import { CustomerTable } from '../components/customer-table.tsx';
import { customerSearch, customerSearchFields } from '../customer-search.ts';

/** Finds customers by email, name, ID, IP address or order number. */
export default function CustomersPage() {
  const { t } = useTranslation();
  const { filters, query, update, changePage } = useListFilters(customerSearch);
  const customers = useAdminCustomers(query);

  return (
    <Card>
      <FilterBar fields={customerSearchFields(t)} values={filters} onChange={update} />
      <CustomerTable
        data={customers.data}
        loading={customers.isFetching}
        page={filters.page}
        pageSize={filters.pageSize}
        onPageChange={changePage}
      />
    </Card>
  );
}
