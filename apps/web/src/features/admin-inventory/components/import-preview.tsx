import type { IpImportResult, IpImportRow } from '@stratus/contract';
import { Alert, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './import-preview.module.css';

type KeyedRow = IpImportRow & { key: number };

/** What an import would do, row by row: each address ready, or why it cannot be imported. */
export function ImportPreview({ result }: { result: IpImportResult }) {
  const { t } = useTranslation();
  const { totals } = result;
  const [onlyErrors, setOnlyErrors] = useState(totals.errors > 0);
  // One text line can hold the same address twice: rows are keyed by their place.
  const keyed = result.rows.map((row, index) => ({ ...row, key: index }));
  const rows = onlyErrors ? keyed.filter((row) => row.error !== null) : keyed;
  const columns: TableColumnsType<KeyedRow> = [
    {
      key: 'line',
      title: t('adminInventory.import.column.line'),
      dataIndex: 'line',
      width: 70,
      align: 'right',
    },
    {
      key: 'address',
      title: t('adminInventory.import.column.address'),
      dataIndex: 'address',
      width: 200,
      render: (address: string) => <span className={styles.code}>{address}</span>,
    },
    {
      key: 'region',
      title: t('adminInventory.import.column.region'),
      dataIndex: 'region',
      width: 130,
      render: (region: string | null) => region ?? '--',
    },
    {
      key: 'lineType',
      title: t('adminInventory.import.column.lineType'),
      dataIndex: 'lineType',
      width: 110,
      render: (lineType: IpImportRow['lineType']) =>
        lineType ? t(`instances.lineType.${lineType}`) : '--',
    },
    {
      key: 'ports',
      title: t('adminInventory.import.column.ports'),
      width: 120,
      render: (_, row) => (row.port === null ? '--' : `${row.port} / ${row.vmessPort}`),
    },
    {
      key: 'result',
      title: t('adminInventory.import.column.result'),
      render: (_, row) =>
        row.error === null ? (
          <Tag color="success">{t('adminInventory.import.ok')}</Tag>
        ) : (
          <Typography.Text type="danger" data-testid="import-row-error">
            {row.error}
          </Typography.Text>
        ),
    },
  ];
  return (
    <div className={styles.preview}>
      <Alert
        type={totals.errors > 0 ? 'error' : 'success'}
        showIcon
        title={t('adminInventory.import.summary', totals)}
        description={
          <>
            {totals.errors > 0
              ? t('adminInventory.import.fixErrors')
              : t(result.applied ? 'adminInventory.import.applied' : 'adminInventory.import.ready')}
            {totals.regionsCreated.length > 0 && (
              <div>
                {t('adminInventory.import.regionsCreated', {
                  regions: totals.regionsCreated.join(', '),
                })}
              </div>
            )}
          </>
        }
      />
      {totals.errors > 0 && (
        <label className={styles.toggle}>
          <Switch size="small" checked={onlyErrors} onChange={setOnlyErrors} />
          {t('adminInventory.import.onlyErrors')}
        </label>
      )}
      <Table<KeyedRow>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={rows}
        rowClassName={(row) => (row.error === null ? '' : (styles.bad ?? ''))}
        scroll={{ x: 900 }}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
      />
    </div>
  );
}
