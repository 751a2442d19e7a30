import { lineTypes, type AdminRegion } from '@stratus/contract';
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { regionCode, regionLabel } from '../region-label.ts';
import type { PlanFilters as Filters } from '../plan-filters.ts';
import styles from './plan-filters.module.css';

interface PlanFiltersProps {
  filters: Filters;
  regions: AdminRegion[] | undefined;
  onChange: (changes: Partial<Filters>) => void;
}

/** Region and line-type filters of the static-IP plan list. */
export function PlanFilters({ filters, regions, onChange }: PlanFiltersProps) {
  const { t } = useTranslation();
  return (
    <Space wrap size={12} className={styles.bar}>
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        className={styles.region}
        aria-label={t('adminCatalog.plan.filter.region')}
        placeholder={t('adminCatalog.plan.filter.allRegions')}
        value={filters.regionId}
        onChange={(regionId?: string) => onChange({ regionId })}
        options={(regions ?? []).map((region) => ({
          value: region.id,
          label: `${regionLabel(region, currentLanguage())} (${regionCode(region)})`,
        }))}
      />
      <Select
        allowClear
        className={styles.lineType}
        aria-label={t('adminCatalog.plan.filter.lineType')}
        placeholder={t('adminCatalog.plan.filter.allLineTypes')}
        value={filters.lineType}
        onChange={(lineType) => onChange({ lineType })}
        options={lineTypes.map((lineType) => ({
          value: lineType,
          label: t(`instances.lineType.${lineType}`),
        }))}
      />
    </Space>
  );
}
