import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { ledgerEntryTypes, type LedgerEntryType } from '@stratus/contract';
import { Button, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_PARAM_FORMAT } from '../../../shared/format/date.ts';
import { ledgerTypeLooks } from '../ledger-types.ts';
import type { FlowFilters } from '../flow-filters.ts';
import styles from './transaction-filters.module.css';
import { BusinessDatePicker } from '../../../shared/ui/business-date-picker.ts';

interface TransactionFiltersProps {
  filters: FlowFilters;
  onChange: (changes: Partial<FlowFilters>) => void;
  onExport: () => void;
  exporting: boolean;
}

/** Type and date-range filters with the CSV export of whatever they select. */
export function TransactionFilters({
  filters,
  onChange,
  onExport,
  exporting,
}: TransactionFiltersProps) {
  const { t } = useTranslation();
  const range =
    filters.from && filters.to ? ([dayjs(filters.from), dayjs(filters.to)] as const) : null;

  return (
    <div className={styles.bar}>
      <div className={styles.filters}>
        <Select<LedgerEntryType | 'all'>
          className={styles.type}
          aria-label={t('wallet.flow.filter.type')}
          value={filters.type ?? 'all'}
          onChange={(value) => onChange({ type: value === 'all' ? undefined : value })}
          options={[
            { value: 'all', label: t('wallet.flow.filter.allTypes') },
            ...ledgerEntryTypes.map((type) => ({
              value: type,
              label: t(ledgerTypeLooks[type].label),
            })),
          ]}
        />
        <BusinessDatePicker.RangePicker
          className={styles.range}
          aria-label={t('wallet.flow.filter.dateRange')}
          value={range ? [range[0], range[1]] : null}
          allowEmpty={[false, false]}
          onChange={(dates) =>
            onChange({
              from: dates?.[0]?.format(DATE_PARAM_FORMAT),
              to: dates?.[1]?.format(DATE_PARAM_FORMAT),
            })
          }
        />
        <Button
          className={styles.reset}
          icon={<ReloadOutlined />}
          onClick={() => onChange({ type: undefined, from: undefined, to: undefined })}
        >
          {t('wallet.flow.filter.reset')}
        </Button>
      </div>
      <Button type="primary" icon={<DownloadOutlined />} loading={exporting} onClick={onExport}>
        {t('wallet.flow.export')}
      </Button>
    </div>
  );
}
