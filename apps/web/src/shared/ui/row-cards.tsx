import {
  Checkbox,
  Empty,
  Pagination,
  Spin,
  type PaginationProps,
  type TableColumnsType,
} from 'antd';
import type { Key, ReactNode } from 'react';
import styles from './row-cards.module.css';

interface RowCardsProps<Row> {
  /** The table's own columns: the first heads each card, the others are its labelled lines. */
  columns: TableColumnsType<Row>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  loading?: boolean;
  /** What an empty list says (the table's `locale.emptyText`). */
  empty?: ReactNode;
  /** A checkbox per card where the table has its selection column. */
  selection?: {
    selectedKeys: readonly string[];
    onChange: (keys: string[]) => void;
    /** The checkbox's accessible name for a row. */
    label: (row: Row) => string;
  };
  pagination?: PaginationProps;
  /** A row's own class (e.g. a highlight after renewal). */
  rowClassName?: (row: Row) => string;
}

/** A cell as the table draws it: the column's `render` of the row's value at `dataIndex`. */
function cellOf<Row>(column: TableColumnsType<Row>[number], row: Row, index: number): ReactNode {
  const value =
    'dataIndex' in column && typeof column.dataIndex === 'string'
      ? (row as Record<string, unknown>)[column.dataIndex]
      : undefined;
  if ('render' in column && column.render) return column.render(value, row, index) as ReactNode;
  return value as ReactNode;
}

/**
 * A table's rows as cards, for phones: at 390 px a row's point (an IP and its credentials, an
 * amount) was scrolled off beside a fixed first column. Each card is headed by the first column
 * and lists the others under their titles, drawn by the table's own column definitions, so the
 * phone and the desktop never say different things.
 */
export function RowCards<Row>({
  columns,
  rows,
  rowKey,
  loading = false,
  empty,
  selection,
  pagination,
  rowClassName,
}: RowCardsProps<Row>) {
  const [head, ...lines] = columns;
  const toggle = (key: string, checked: boolean) => {
    if (!selection) return;
    const others = selection.selectedKeys.filter((selected) => selected !== key);
    selection.onChange(checked ? [...others, key] : others);
  };
  return (
    <div data-row-cards="">
      <Spin spinning={loading}>
        {rows.length === 0 ? (
          <div className={styles.empty}>
            {empty ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
          </div>
        ) : (
          <ul className={styles.list}>
            {rows.map((row, index) => {
              const key = rowKey(row);
              return (
                <li
                  key={key}
                  className={`${styles.card} ${rowClassName?.(row) ?? ''}`}
                  data-row-card={key}
                >
                  <div className={styles.head}>
                    {selection && (
                      <Checkbox
                        aria-label={selection.label(row)}
                        checked={selection.selectedKeys.includes(key)}
                        onChange={(event) => toggle(key, event.target.checked)}
                      />
                    )}
                    <div className={styles.headCell}>{head && cellOf(head, row, index)}</div>
                  </div>
                  <dl className={styles.lines}>
                    {lines.map((column, columnIndex) => (
                      <div
                        key={(column.key as Key | undefined) ?? columnIndex}
                        className={styles.line}
                      >
                        <dt className={styles.title}>{column.title as ReactNode}</dt>
                        <dd className={styles.value}>{cellOf(column, row, index)}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              );
            })}
          </ul>
        )}
        {pagination && (pagination.total ?? 0) > 0 && (
          <Pagination className={styles.pagination} size="small" simple {...pagination} />
        )}
      </Spin>
    </div>
  );
}
