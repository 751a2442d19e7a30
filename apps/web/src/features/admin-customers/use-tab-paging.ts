import type { Page } from '@stratus/contract';
import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listPagination } from '../../shared/ui/list-pagination.ts';
import type { TabPaging } from './api.ts';

const TAB_PAGE_SIZE = 10;

/** A tab's own page and page size, and the table pagination that drives them. */
export function useTabPaging() {
  const { t } = useTranslation();
  const [paging, setPaging] = useState<TabPaging>({ page: 1, pageSize: TAB_PAGE_SIZE });
  const pagination = (data: Page<unknown> | undefined): TablePaginationConfig =>
    listPagination({
      data,
      ...paging,
      showTotal: (total) => t('adminCustomers.tab.total', { total }),
      onChange: (page, pageSize) =>
        setPaging(pageSize === paging.pageSize ? { page, pageSize } : { page: 1, pageSize }),
    });
  return { paging, pagination };
}
