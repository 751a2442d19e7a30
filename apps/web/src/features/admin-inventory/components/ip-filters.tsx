import { ReloadOutlined } from '@ant-design/icons';
import { ipAddressStatuses, lineTypes, type AdminIpOverview } from '@stratus/contract';
import { Button, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IpFilters as Filters } from '../ip-filters.ts';
import { regionLabel } from './region-label.ts';
import styles from './ip-filters.module.css';

interface IpFiltersProps {
  filters: Filters;
  overview: AdminIpOverview | undefined;
  onChange: (changes: Partial<Filters>) => void;
}

/**
 * Node, region, line type, state, address or block (the flagged-only view is a chip of the
 * state summary above, and the reset clears it too).
 */
export function IpFilters({ filters, overview, onChange }: IpFiltersProps) {
  const { t } = useTranslation();
  return (
    <Space wrap size={12} className={styles.bar}>
      <Select
        allowClear
        showSearch
        className={styles.select}
        aria-label={t('adminInventory.filter.node')}
        placeholder={t('adminInventory.filter.allNodes')}
        value={filters.node}
        onChange={(node) => onChange({ node })}
        options={overview?.nodes.map((node) => ({ value: node.name, label: node.name }))}
      />
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        className={styles.wide}
        aria-label={t('adminInventory.filter.region')}
        placeholder={t('adminInventory.filter.allRegions')}
        value={filters.region}
        onChange={(region) => onChange({ region })}
        options={overview?.regions.map((region) => ({
          value: region.code,
          label: regionLabel(region, region.code),
        }))}
      />
      <Select
        allowClear
        className={styles.select}
        aria-label={t('adminInventory.filter.lineType')}
        placeholder={t('adminInventory.filter.allLineTypes')}
        value={filters.lineType}
        onChange={(lineType) => onChange({ lineType })}
        options={lineTypes.map((lineType) => ({
          value: lineType,
          label: t(`instances.lineType.${lineType}`),
        }))}
      />
      <Select
        allowClear
        className={styles.select}
        aria-label={t('adminInventory.filter.status')}
        placeholder={t('adminInventory.filter.allStatuses')}
        value={filters.status}
        onChange={(status) => onChange({ status })}
        options={ipAddressStatuses.map((status) => ({
          value: status,
          label: t(`adminInventory.status.${status}`),
        }))}
      />
      {/* Keyed by the applied value, so a reset empties the box too. */}
      <Input.Search
        key={`q:${filters.q ?? ''}`}
        allowClear
        className={styles.search}
        aria-label={t('adminInventory.filter.q')}
        placeholder={t('adminInventory.filter.q')}
        defaultValue={filters.q}
        onSearch={(q) => onChange({ q: q.trim() || undefined })}
      />
      <Button
        icon={<ReloadOutlined />}
        onClick={() =>
          onChange({
            node: undefined,
            region: undefined,
            lineType: undefined,
            status: undefined,
            q: undefined,
            flagged: undefined,
          })
        }
      >
        {t('adminInventory.filter.reset')}
      </Button>
    </Space>
  );
}
