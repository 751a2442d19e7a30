import type { Page } from '@stratus/contract';
import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TabPaging } from './api.ts';

const TAB_PAGE_SIZE = 10;

/** A tab's own page and page size, and the table pagination that drives them. */
export function useTabPaging() {
  const { t } = useTranslation();
  const [paging, setPaging] = useState<TabPaging>({ page: 1, pageSize: TAB_PAGE_SIZE });
  const pagination = (data: Page<unknown> | undefined): TablePaginationConfig => ({
    current: data?.page ?? paging.page,
    pageSize: data?.pageSize ?? paging.pageSize,
    total: data?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (total) => t('adminCustomers.tab.total', { total }),
    onChange: (page, pageSize) =>
      setPaging(pageSize === paging.pageSize ? { page, pageSize } : { page: 1, pageSize }),
  });
  return { paging, pagination };
}
