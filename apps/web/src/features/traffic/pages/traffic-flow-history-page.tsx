import { DownloadOutlined } from '@ant-design/icons';
import type { UsageGranularity, UsageKind } from '@stratus/contract';
import { App, Button, Card, Col, Row, Statistic } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format/bytes.ts';
import { businessNow, wallClockToIso } from '../../../shared/format/date.ts';
import { FilterBar } from '../../../shared/ui/filter-bar.tsx';
import { useCompactLayout } from '../../../shared/ui/use-compact-layout.ts';
import { useExportTrafficUsage, useTrafficUsage, type TrafficUsageQuery } from '../api.ts';
import { UsageChart } from '../components/usage-chart.tsx';
import type { UsageSubject } from '../components/usage-subject-select.tsx';
import { UsageTable } from '../components/usage-table.tsx';
import { usageFilterFields, type UsageFilters } from '../usage-filters.tsx';
import { clampUsageRange, maxRangeDays, presetRange, type UsageRange } from '../usage-range.ts';
import styles from './traffic-flow-history-page.module.css';

/**
 * The range (business wall-clock values) as the instants the API takes. Day granularity covers
 * whole business days: from the first day's midnight to the last day's end.
 */
function requestBounds(range: UsageRange, granularity: UsageGranularity) {
  const now = businessNow();
  if (granularity === 'hour') {
    const to = range[1].isAfter(now) ? now : range[1];
    return { from: wallClockToIso(range[0]), to: wallClockToIso(to) };
  }
  const end = range[1].startOf('day').add(1, 'day');
  return {
    from: wallClockToIso(range[0].startOf('day')),
    to: wallClockToIso(end.isAfter(now) ? now : end),
  };
}

/** The query parameter naming the chosen static IP, package or sub-user. */
function subjectFilter(subject: UsageSubject): Partial<TrafficUsageQuery> {
  switch (subject.kind) {
    case 'all':
      return {};
    case 'instance':
      return { instanceId: subject.id };
    case 'package':
      return { packageId: subject.id };
    case 'subUser':
      return { subUserId: subject.id };
  }
}

export default function TrafficFlowHistoryPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [granularity, setGranularity] = useState<UsageGranularity>('hour');
  const [range, setRange] = useState<UsageRange>(() => presetRange('last24Hours'));
  const [kind, setKind] = useState<UsageKind | undefined>(undefined);
  const [subject, setSubject] = useState<UsageSubject>({ kind: 'all' });
  const exportCsv = useExportTrafficUsage();
  const compact = useCompactLayout();

  const query = useMemo<TrafficUsageQuery>(
    () => ({
      ...requestBounds(range, granularity),
      granularity,
      ...subjectFilter(subject),
      // A package has no kind: the API refuses the two together.
      ...(kind === undefined || subject.kind === 'package' ? {} : { kind }),
    }),
    [range, granularity, kind, subject],
  );
  const usage = useTrafficUsage(query);
  const series = usage.data;

  const applyRange = (next: UsageRange, nextGranularity: UsageGranularity) => {
    const { range: kept, clamped } = clampUsageRange(next, nextGranularity);
    if (clamped) {
      void message.info(t('traffic.usage.clamped', { count: maxRangeDays(nextGranularity) }));
    }
    setRange(kept);
  };

  return (
    <Card size={compact ? 'small' : undefined}>
      <FilterBar<UsageFilters>
        fields={usageFilterFields({
          t,
          granularity,
          range,
          subject,
          onRangeChange: (next) => applyRange(next, granularity),
          onSubjectChange: setSubject,
        })}
        values={{ granularity, kind: subject.kind === 'package' ? undefined : kind }}
        onChange={(changes) => {
          if (changes.granularity) {
            setGranularity(changes.granularity);
            applyRange(range, changes.granularity);
          }
          if ('kind' in changes) setKind(changes.kind);
        }}
        phone="stack"
        actions={
          <Button
            icon={<DownloadOutlined />}
            loading={exportCsv.isPending}
            onClick={() => exportCsv.mutate({ query, fileName: t('traffic.usage.exportFileName') })}
          >
            {t('traffic.usage.export')}
          </Button>
        }
      />
      <Row gutter={[16, 16]}>
        <Col span={8}>
          <Statistic
            className={styles.total}
            title={t('traffic.usage.totalDownload')}
            value={formatBytes(series?.totals.bytesDown ?? 0)}
            loading={usage.isPending}
          />
        </Col>
        <Col span={8}>
          <Statistic
            className={styles.total}
            title={t('traffic.usage.totalUpload')}
            value={formatBytes(series?.totals.bytesUp ?? 0)}
            loading={usage.isPending}
          />
        </Col>
        <Col span={8}>
          <Statistic
            className={styles.total}
            title={t('traffic.usage.totalAll')}
            value={formatBytes((series?.totals.bytesUp ?? 0) + (series?.totals.bytesDown ?? 0))}
            loading={usage.isPending}
          />
        </Col>
        <Col span={24}>
          <UsageChart
            buckets={series?.buckets ?? []}
            granularity={series?.granularity ?? granularity}
          />
        </Col>
        <Col span={24}>
          <UsageTable
            buckets={series?.buckets ?? []}
            granularity={series?.granularity ?? granularity}
            loading={usage.isFetching}
          />
        </Col>
      </Row>
    </Card>
  );
}
