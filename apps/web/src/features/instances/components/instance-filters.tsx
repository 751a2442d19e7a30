import { instanceStatusSchema } from '@stratus/contract';
import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { RegionLabel } from './region-label.tsx';
import { EXPIRING_CHOICES, type InstanceFilters } from '../instance-filters.ts';
import styles from './instance-filters.module.css';

interface InstanceFiltersBarProps {
  filters: InstanceFilters;
  countries: { code: string; name: string }[];
  onChange: (changes: Partial<InstanceFilters>) => void;
}

export function InstanceFiltersBar({ filters, countries, onChange }: InstanceFiltersBarProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.bar}>
      <Select
        allowClear
        className={styles.select}
        aria-label={t('instances.list.filter.status')}
        placeholder={t('instances.list.filter.allStatuses')}
        value={filters.status}
        onChange={(status) => onChange({ status })}
        options={instanceStatusSchema.options.map((status) => ({
          value: status,
          label: t(`instances.status.${status}`),
        }))}
      />
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        className={styles.select}
        aria-label={t('instances.list.filter.country')}
        placeholder={t('instances.list.filter.allCountries')}
        value={filters.country}
        onChange={(country) => onChange({ country })}
        options={countries.map((country) => ({
          value: country.code,
          label: <RegionLabel country={country.code} countryName={country.name} />,
        }))}
      />
      <Select
        allowClear
        className={styles.select}
        aria-label={t('instances.list.filter.expiring')}
        placeholder={t('instances.list.filter.expiring')}
        value={filters.expiringWithinDays}
        onChange={(expiringWithinDays) => onChange({ expiringWithinDays })}
        options={EXPIRING_CHOICES.map((count) => ({
          value: count,
          label: t('instances.list.filter.expiringWithin', { count }),
        }))}
      />
      <Input.Search
        allowClear
        className={styles.search}
        aria-label={t('instances.list.filter.keyword')}
        placeholder={t('instances.list.filter.keyword')}
        defaultValue={filters.keyword}
        onSearch={(keyword) => onChange({ keyword: keyword.trim() || undefined })}
      />
    </div>
  );
}
