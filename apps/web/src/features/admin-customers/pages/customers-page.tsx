import { customerStatuses, type CustomerStatus } from '@stratus/contract';
import { Card, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListFilters } from '../../../shared/use-list-filters.ts';
import { useAdminCustomers } from '../api.ts';
import { CustomerTable } from '../components/customer-table.tsx';
import { customerSearch } from '../customer-search.ts';
import styles from './customers-page.module.css';

/** Finds customers by email, name, ID, IP address or order number. */
export default function CustomersPage() {
  const { t } = useTranslation();
  const { filters: search, query, update, changePage } = useListFilters(customerSearch);
  const customers = useAdminCustomers(query);

  return (
    <Card>
      <Space wrap size={12} className={styles.bar}>
        <Input.Search
          // Keyed by the address's keyword, so going back in history shows that search again.
          key={search.keyword ?? ''}
          className={styles.search}
          defaultValue={search.keyword}
          placeholder={t('adminCustomers.search.placeholder')}
          aria-label={t('adminCustomers.search.placeholder')}
          allowClear
          enterButton
          maxLength={100}
          onSearch={(keyword) => update({ keyword })}
        />
        <Select<CustomerStatus | 'all'>
          className={styles.status}
          aria-label={t('adminCustomers.column.status')}
          value={search.status ?? 'all'}
          onChange={(value) => update({ status: value === 'all' ? undefined : value })}
          options={[
            { value: 'all', label: t('adminCustomers.search.allStatuses') },
            ...customerStatuses.map((status) => ({
              value: status,
              label: t(`adminCustomers.status.${status}`),
            })),
          ]}
        />
      </Space>
      <CustomerTable
        data={customers.data}
        loading={customers.isFetching}
        page={search.page}
        pageSize={search.pageSize}
        onPageChange={changePage}
      />
    </Card>
  );
}
