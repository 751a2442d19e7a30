import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { auditActions, describeAuditAction, type AuditAction } from '@stratus/contract';
import { Button, Input, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_PARAM_FORMAT } from '../../../shared/format/date.ts';
import type { AuditFilters as Filters } from '../audit-filters.ts';
import styles from './audit-filters.module.css';
import { BusinessDatePicker } from '../../../shared/ui/business-date-picker.ts';

interface AuditFiltersProps {
  filters: Filters;
  onChange: (changes: Partial<Filters>) => void;
  onExport: () => void;
  exporting: boolean;
}

/** Actor, action, target and date-range filters, with the CSV export of whatever they select. */
export function AuditFilters({ filters, onChange, onExport, exporting }: AuditFiltersProps) {
  const { t } = useTranslation();
  const range =
    filters.from && filters.to ? ([dayjs(filters.from), dayjs(filters.to)] as const) : null;

  return (
    <div className={styles.bar}>
      <Space wrap size={12}>
        {/* Keyed by the applied value, so a reset (or the address) refills the box. */}
        <Input.Search
          key={`actor:${filters.actor ?? ''}`}
          className={styles.text}
          aria-label={t('adminAudit.filter.actor')}
          placeholder={t('adminAudit.filter.actorPlaceholder')}
          defaultValue={filters.actor}
          allowClear
          onSearch={(value) => onChange({ actor: value.trim() || undefined })}
        />
        <Select<AuditAction | 'all'>
          className={styles.action}
          aria-label={t('adminAudit.filter.action')}
          value={filters.action ?? 'all'}
          onChange={(value) => onChange({ action: value === 'all' ? undefined : value })}
          options={[
            { value: 'all', label: t('adminAudit.filter.allActions') },
            ...auditActions.map((action) => ({
              value: action,
              label: describeAuditAction(action, (key) => t(key)),
            })),
          ]}
        />
        <Input.Search
          key={`target:${filters.target ?? ''}`}
          className={styles.text}
          aria-label={t('adminAudit.filter.target')}
          placeholder={t('adminAudit.filter.targetPlaceholder')}
          defaultValue={filters.target}
          allowClear
          onSearch={(value) => onChange({ target: value.trim() || undefined })}
        />
        <BusinessDatePicker.RangePicker
          className={styles.range}
          aria-label={t('adminAudit.filter.dateRange')}
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
          icon={<ReloadOutlined />}
          onClick={() =>
            onChange({
              actor: undefined,
              action: undefined,
              target: undefined,
              from: undefined,
              to: undefined,
            })
          }
        >
          {t('adminAudit.filter.reset')}
        </Button>
      </Space>
      <Button type="primary" icon={<DownloadOutlined />} loading={exporting} onClick={onExport}>
        {t('adminAudit.export')}
      </Button>
    </div>
  );
}
