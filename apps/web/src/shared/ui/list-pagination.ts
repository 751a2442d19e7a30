import type { Page } from '@stratus/contract';
import type { TablePaginationConfig } from 'antd';

interface ListPaginationOptions {
  /** The page the server answered, once it has. */
  data: Page<unknown> | undefined;
  /** The page and size asked for, shown until the answer comes. */
  page: number;
  pageSize: number;
  /** "共 42 条": the list's total in its own words. */
  showTotal: (total: number) => string;
  onChange: (page: number, pageSize: number) => void;
}

/** A server-paged table's pagination: the answered page, sizes of 10 to 100, the total in words. */
export function listPagination({
  data,
  page,
  pageSize,
  showTotal,
  onChange,
}: ListPaginationOptions): TablePaginationConfig {
  return {
    current: data?.page ?? page,
    pageSize: data?.pageSize ?? pageSize,
    total: data?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal,
    onChange,
  };
}
