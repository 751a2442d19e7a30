import type { Reconciliation, ReconciliationRow } from '@stratus/contract';
import { Empty, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatSignedMoney } from '../../../shared/format/money.ts';
import styles from './reconciliation-table.module.css';

type Figures = Reconciliation['totals'];

function Difference({ amount }: { amount: number }) {
  return (
    <span className={`${styles.number} ${amount === 0 ? '' : styles.off}`}>
      {amount === 0 ? formatMoney(0) : formatSignedMoney(amount)}
    </span>
  );
}

function MatchTag({ matched }: { matched: boolean }) {
  const { t } = useTranslation();
  return matched ? (
    <Tag color="success">{t('adminPayments.reconciliation.matched')}</Tag>
  ) : (
    <Tag color="error">{t('adminPayments.reconciliation.mismatched')}</Tag>
  );
}

/** Paid payments against ledger top-ups per day and channel; mismatched rows stand out. */
export function ReconciliationTable({
  data,
  loading,
}: {
  data: Reconciliation | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const count = t('adminPayments.reconciliation.count');
  const sum = t('adminPayments.reconciliation.sum');
  const money = (amount: number) => <span className={styles.number}>{formatMoney(amount)}</span>;
  const columns: TableColumnsType<ReconciliationRow> = [
    {
      key: 'day',
      title: t('adminPayments.reconciliation.day'),
      dataIndex: 'day',
      width: 120,
      fixed: 'left',
    },
    {
      key: 'channel',
      title: t('adminPayments.reconciliation.channel'),
      dataIndex: 'channel',
      width: 140,
      render: (channel: ReconciliationRow['channel']) =>
        channel
          ? t(`payments.channel.${channel}`)
          : t('adminPayments.reconciliation.unknownChannel'),
    },
    {
      key: 'paid',
      title: t('adminPayments.reconciliation.paid'),
      children: [
        { key: 'paidCount', title: count, dataIndex: 'paidCount', align: 'right', width: 80 },
        {
          key: 'paidAmount',
          title: sum,
          dataIndex: 'paidAmount',
          align: 'right',
          width: 120,
          render: money,
        },
      ],
    },
    {
      key: 'ledger',
      title: t('adminPayments.reconciliation.ledger'),
      children: [
        { key: 'ledgerCount', title: count, dataIndex: 'ledgerCount', align: 'right', width: 80 },
        {
          key: 'ledgerAmount',
          title: sum,
          dataIndex: 'ledgerAmount',
          align: 'right',
          width: 120,
          render: money,
        },
      ],
    },
    {
      key: 'difference',
      title: t('adminPayments.reconciliation.difference'),
      dataIndex: 'difference',
      align: 'right',
      width: 120,
      render: (amount: number) => <Difference amount={amount} />,
    },
    {
      key: 'matched',
      title: t('adminPayments.reconciliation.result'),
      dataIndex: 'matched',
      width: 100,
      render: (matched: boolean) => <MatchTag matched={matched} />,
    },
  ];

  const totals = (figures: Figures) => (
    <Table.Summary fixed>
      <Table.Summary.Row className={styles.totals}>
        <Table.Summary.Cell index={0} colSpan={2}>
          {t('adminPayments.reconciliation.totals')}
        </Table.Summary.Cell>
        <Table.Summary.Cell index={2} align="right">
          {figures.paidCount}
        </Table.Summary.Cell>
        <Table.Summary.Cell index={3} align="right">
          {money(figures.paidAmount)}
        </Table.Summary.Cell>
        <Table.Summary.Cell index={4} align="right">
          {figures.ledgerCount}
        </Table.Summary.Cell>
        <Table.Summary.Cell index={5} align="right">
          {money(figures.ledgerAmount)}
        </Table.Summary.Cell>
        <Table.Summary.Cell index={6} align="right">
          <Difference amount={figures.difference} />
        </Table.Summary.Cell>
        <Table.Summary.Cell index={7}>
          <MatchTag matched={figures.matched} />
        </Table.Summary.Cell>
      </Table.Summary.Row>
    </Table.Summary>
  );

  return (
    <Table<ReconciliationRow>
      rowKey={(row) => `${row.day}:${row.channel ?? ''}`}
      columns={columns}
      dataSource={data?.rows ?? []}
      loading={loading}
      bordered
      size="middle"
      pagination={false}
      // On a phone the table scrolls inside its card, the day staying in view.
      scroll={{ x: 880 }}
      // A stable class besides the module's, for end-to-end tests and user styles.
      rowClassName={(row) => (row.matched ? '' : `${styles.mismatched} reconciliation-mismatch`)}
      summary={() => (data && data.rows.length > 0 ? totals(data.totals) : null)}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('adminPayments.reconciliation.empty')}
          />
        ),
      }}
    />
  );
}
