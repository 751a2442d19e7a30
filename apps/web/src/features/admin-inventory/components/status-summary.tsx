import { ipAddressStatuses, type AdminIpOverview } from '@stratus/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IpFilters } from '../ip-filters.ts';
import styles from './status-summary.module.css';

interface StatusSummaryProps {
  overview: AdminIpOverview | undefined;
  filters: IpFilters;
  onChange: (changes: Partial<IpFilters>) => void;
}

/** The pool by state, each count a shortcut to its filter. */
export function StatusSummary({ overview, filters, onChange }: StatusSummaryProps) {
  const { t } = useTranslation();
  const counts = overview?.counts;
  const total = counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : 0;
  const nothingPicked = !filters.status && !filters.flagged;
  return (
    <div className={styles.summary} role="group" aria-label={t('adminInventory.summary.label')}>
      <Tag.CheckableTag
        checked={nothingPicked}
        onChange={() => onChange({ status: undefined, flagged: undefined })}
      >
        {t('adminInventory.summary.all', { count: total })}
      </Tag.CheckableTag>
      {ipAddressStatuses.map((status) => (
        <Tag.CheckableTag
          key={status}
          checked={filters.status === status && !filters.flagged}
          onChange={() => onChange({ status, flagged: undefined })}
        >
          {t(`adminInventory.status.${status}`)} {counts?.[status] ?? 0}
        </Tag.CheckableTag>
      ))}
      <Tag.CheckableTag
        checked={filters.flagged === 'true'}
        className={overview?.flagged ? styles.flagged : undefined}
        onChange={() => onChange({ status: undefined, flagged: 'true' })}
      >
        {t('adminInventory.summary.flagged', { count: overview?.flagged ?? 0 })}
      </Tag.CheckableTag>
    </div>
  );
}
