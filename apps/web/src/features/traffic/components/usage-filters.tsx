import { DownloadOutlined } from '@ant-design/icons';
import { usageKinds, type UsageGranularity, type UsageKind } from '@stratus/contract';
import { Button, Segmented, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  isDayOutOfRange,
  maxRangeDays,
  presetRange,
  usageRangePresets,
  type UsageRange,
} from '../usage-range.ts';
import styles from './usage-filters.module.css';
import { UsageSubjectSelect, type UsageSubject } from './usage-subject-select.tsx';
import { BusinessDatePicker } from '../../../shared/ui/business-date-picker.ts';

export type KindFilter = UsageKind | 'all';

interface UsageFiltersProps {
  granularity: UsageGranularity;
  range: UsageRange;
  kind: KindFilter;
  subject: UsageSubject;
  onSubjectChange: (subject: UsageSubject) => void;
  onGranularityChange: (granularity: UsageGranularity) => void;
  onRangeChange: (range: UsageRange) => void;
  onKindChange: (kind: KindFilter) => void;
  onExport: () => void;
  exporting: boolean;
}

/**
 * Granularity, time range (within the granularity's limit), scope, kind, and the CSV download. A
 * package has no kind (it counts total bytes), so the kind is off while one is chosen.
 */
export function UsageFilters({
  granularity,
  range,
  kind,
  subject,
  onSubjectChange,
  onGranularityChange,
  onRangeChange,
  onKindChange,
  onExport,
  exporting,
}: UsageFiltersProps) {
  const { t } = useTranslation();
  const hourly = granularity === 'hour';
  return (
    <div className={styles.bar}>
      <div className={styles.filters}>
        <Segmented<UsageGranularity>
          value={granularity}
          onChange={onGranularityChange}
          options={[
            { value: 'hour', label: t('traffic.usage.granularity.hour') },
            { value: 'day', label: t('traffic.usage.granularity.day') },
          ]}
        />
        <BusinessDatePicker.RangePicker
          className={styles.range}
          aria-label={t('traffic.usage.range')}
          value={range}
          allowClear={false}
          showTime={hourly ? { format: 'HH:mm' } : false}
          format={hourly ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD'}
          presets={usageRangePresets.map((preset) => ({
            label: t(`traffic.usage.preset.${preset}`),
            value: () => presetRange(preset),
          }))}
          disabledDate={(day: Dayjs, info) => isDayOutOfRange(day, info.from, granularity)}
          onChange={(dates) => {
            if (dates?.[0] && dates[1]) onRangeChange([dates[0], dates[1]]);
          }}
        />
        <UsageSubjectSelect value={subject} onChange={onSubjectChange} />
        <Select<KindFilter>
          className={styles.kind}
          aria-label={t('traffic.usage.kind.label')}
          disabled={subject.kind === 'package'}
          value={subject.kind === 'package' ? 'all' : kind}
          onChange={onKindChange}
          options={[
            { value: 'all', label: t('traffic.usage.kind.all') },
            ...usageKinds.map((value) => ({ value, label: t(`traffic.usage.kind.${value}`) })),
          ]}
        />
        <span className={styles.hint}>
          {subject.kind === 'package'
            ? t('traffic.usage.subject.packageHint')
            : t('traffic.usage.maxRange', { count: maxRangeDays(granularity) })}
        </span>
      </div>
      <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExport}>
        {t('traffic.usage.export')}
      </Button>
    </div>
  );
}
