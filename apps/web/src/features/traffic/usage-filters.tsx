import type { UsageGranularity, UsageKind } from '@stratus/contract';
import { usageKinds } from '@stratus/contract';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { BusinessDatePicker } from '../../shared/ui/business-date-picker.ts';
import type { FilterField } from '../../shared/ui/filter-fields.ts';
import { UsageSubjectSelect, type UsageSubject } from './components/usage-subject-select.tsx';
import {
  isDayOutOfRange,
  maxRangeDays,
  presetRange,
  usageRangePresets,
  type UsageRange,
} from './usage-range.ts';

/** The usage history's filters the bar sets itself (the range and the scope are its own). */
export interface UsageFilters {
  granularity: UsageGranularity;
  /** Undefined: every kind. */
  kind: UsageKind | undefined;
}

interface UsageFilterFieldsOptions {
  t: TFunction;
  granularity: UsageGranularity;
  range: UsageRange;
  subject: UsageSubject;
  onRangeChange: (range: UsageRange) => void;
  onSubjectChange: (subject: UsageSubject) => void;
}

/**
 * Granularity, time range (within the granularity's limit), scope and kind, with the limit in small
 * print. A package has no kind (it counts total bytes), so the kind is off while one is chosen. On
 * a phone each takes the card's width but the granularity.
 */
export function usageFilterFields({
  t,
  granularity,
  range,
  subject,
  onRangeChange,
  onSubjectChange,
}: UsageFilterFieldsOptions): FilterField<UsageFilters>[] {
  const hourly = granularity === 'hour';
  return [
    {
      kind: 'segmented',
      name: 'granularity',
      options: [
        { value: 'hour', label: t('traffic.usage.granularity.hour') },
        { value: 'day', label: t('traffic.usage.granularity.day') },
      ],
      phone: 'auto',
    },
    {
      kind: 'custom',
      key: 'range',
      render: (sizing) => (
        <BusinessDatePicker.RangePicker
          {...sizing}
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
      ),
    },
    {
      kind: 'custom',
      key: 'subject',
      width: 240,
      render: (sizing) => (
        <UsageSubjectSelect {...sizing} value={subject} onChange={onSubjectChange} />
      ),
    },
    {
      kind: 'select',
      name: 'kind',
      label: t('traffic.usage.kind.label'),
      all: t('traffic.usage.kind.all'),
      options: usageKinds.map((value) => ({ value, label: t(`traffic.usage.kind.${value}`) })),
      disabled: subject.kind === 'package',
      width: 150,
    },
    {
      kind: 'note',
      key: 'limit',
      text:
        subject.kind === 'package'
          ? t('traffic.usage.subject.packageHint')
          : t('traffic.usage.maxRange', { count: maxRangeDays(granularity) }),
    },
  ];
}
