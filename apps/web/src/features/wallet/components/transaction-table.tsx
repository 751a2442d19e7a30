import { describeLedgerNote, type LedgerEntry, type Page } from '@stratus/contract';
import { Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { RowCards } from '../../../shared/ui/row-cards.tsx';
import { formatDateTime } from '../../../shared/format/date.ts';
import { formatMoney, formatSignedMoney } from '../../../shared/format/money.ts';
import { useCompactLayout } from '../../../shared/ui/use-compact-layout.ts';
import { LedgerTypeTag } from './ledger-type-tag.tsx';
import styles from './transaction-table.module.css';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import { receiptPathOf } from '../../../shared/paths.ts';

interface TransactionTableProps {
  data: Page<LedgerEntry> | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  /** Link top-up and purchase rows to their receipts (the customer's own ledger only). */
  receiptLinks?: boolean;
}

/** Which receipt a ledger row's reference names: a top-up's payment number or an order number. */
const receiptKindOfRow: Partial<Record<LedgerEntry['type'], 'topup' | 'order'>> = {
  topup: 'topup',
  static_ip_purchase: 'order',
  renewal: 'order',
  traffic_purchase: 'order',
};

/**
 * Ledger rows, paged by the server. On a narrow screen the table scrolls sideways inside its card
 * with the time kept at the left (its date and clock on two lines), and the amount in the first
 * screen.
 */
export function TransactionTable({
  data,
  loading,
  page,
  pageSize,
  onPageChange,
  receiptLinks = false,
}: TransactionTableProps) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  const columns: TableColumnsType<LedgerEntry> = [
    {
      key: 'createdAt',
      title: withTimeZone(t('wallet.flow.column.time')),
      dataIndex: 'createdAt',
      width: compact ? 104 : 180,
      fixed: compact ? 'left' : undefined,
      render: (value: string) => (
        <span className={compact ? styles.stackedTime : styles.number}>
          {formatDateTime(value)}
        </span>
      ),
    },
    {
      key: 'type',
      title: t('wallet.flow.column.type'),
      dataIndex: 'type',
      // The longest tag ("Static IP purchase") and the cell's padding, even on a phone.
      width: 150,
      render: (type: LedgerEntry['type']) => <LedgerTypeTag type={type} />,
    },
    {
      key: 'amount',
      title: t('wallet.flow.column.amount'),
      dataIndex: 'amount',
      align: 'right',
      width: compact ? 120 : 140,
      render: (amount: number) => (
        <span
          className={`${styles.number} ${amount < 0 ? styles.debit : styles.credit}`}
          data-testid="ledger-amount"
        >
          {formatSignedMoney(amount)}
        </span>
      ),
    },
    {
      key: 'balanceAfter',
      title: t('wallet.flow.column.balanceAfter'),
      dataIndex: 'balanceAfter',
      align: 'right',
      width: 140,
      render: (balance: number) => <span className={styles.number}>{formatMoney(balance)}</span>,
    },
    {
      key: 'reference',
      title: t('wallet.flow.column.reference'),
      dataIndex: 'reference',
      width: receiptLinks ? 320 : 260,
      render: (reference: string | null, entry: LedgerEntry) => {
        if (!reference) return '--';
        const receiptKind = receiptLinks ? receiptKindOfRow[entry.type] : undefined;
        return (
          <span className={styles.referenceCell}>
            <Typography.Text
              copyable
              ellipsis={{ tooltip: reference }}
              className={styles.reference}
            >
              {reference}
            </Typography.Text>
            {receiptKind && (
              <Link to={receiptPathOf(receiptKind, reference)} className={styles.receiptLink}>
                {t('receipts.link')}
              </Link>
            )}
          </span>
        );
      },
    },
    {
      key: 'note',
      title: t('wallet.flow.column.note'),
      dataIndex: 'note',
      // Whole, wrapped if it must: what a debit bought is the row's point.
      // Note codes (a top-up's channel, an automatic renewal…) in the reader's words, worded by
      // the same function and catalogue as the CSV export.
      render: (_note: string, entry: LedgerEntry) =>
        describeLedgerNote(entry, (key, params) => t(key, params ?? {}), currentLanguage()) || '--',
    },
  ];

  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wallet.flow.empty')} />;
  const pagination = {
    current: data?.page ?? page,
    pageSize: data?.pageSize ?? pageSize,
    total: data?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (total: number) => t('wallet.flow.total', { count: total }),
    onChange: onPageChange,
  };

  if (compact) {
    // On a phone each row is a card headed by its amount: never cut short, never scrolled off.
    const byKey = (key: string) => columns.find((column) => column.key === key)!;
    const cardColumns = ['amount', 'type', 'createdAt', 'note', 'balanceAfter', 'reference'].map(
      byKey,
    );
    return (
      <RowCards<LedgerEntry>
        columns={cardColumns}
        rows={data?.items ?? []}
        rowKey={(entry) => entry.id}
        loading={loading}
        empty={empty}
        pagination={pagination}
      />
    );
  }
  return (
    <Table<LedgerEntry>
      rowKey="id"
      columns={columns}
      dataSource={data?.items ?? []}
      loading={loading}
      scroll={{ x: 900 }}
      locale={{ emptyText: empty }}
      pagination={pagination}
    />
  );
}
