import type { Overview } from '@stratus/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IP_LIST_PATH, RECHARGE_PATH, TRAFFIC_PACKAGES_PATH } from '../../../shared/paths.ts';
import { formatBytes } from '../../../shared/format/bytes.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { PlainCard } from '../../../shared/ui/plain-card.tsx';
import { PlainSkeleton } from '../../../shared/ui/plain-skeleton.tsx';
import styles from './overview-stats.module.css';

/** The IP list filters by this (see instances/instance-filters.ts). */
export const EXPIRING_LINK = `${IP_LIST_PATH}?expiringWithinDays=7`;

interface OverviewStatsProps {
  overview: Overview | undefined;
  loading: boolean;
}

interface StatisticProps {
  title: string;
  value: ReactNode;
  suffix?: string;
  warning?: boolean;
  /** A grey bar stands on the value's line, as tall as the line the value will take. */
  loading: boolean;
}

/** A title over a large value, drawn like Ant Design's statistic. */
function Statistic({ title, value, suffix, warning, loading }: StatisticProps) {
  return (
    <div>
      <div className={styles.statisticTitle}>{title}</div>
      <div
        className={warning ? `${styles.statisticValue} ${styles.warning}` : styles.statisticValue}
      >
        {loading ? (
          <PlainSkeleton className={styles.valueSkeleton} />
        ) : (
          <>
            <span>{value}</span>
            {suffix && <span className={styles.suffix}>{suffix}</span>}
          </>
        )}
      </div>
    </div>
  );
}

/** Balance, active IPs, IPs expiring within 7 days and traffic remaining. */
export function OverviewStats({ overview, loading }: OverviewStatsProps) {
  const { t } = useTranslation();
  const expiring = overview?.expiringWithin7Days ?? 0;
  const traffic = overview?.traffic;
  const trafficPercent =
    traffic && traffic.totalBytes > 0
      ? Math.round((traffic.remainingBytes / traffic.totalBytes) * 100)
      : 0;
  // The four cards of a row stand as tall as the tallest (the traffic card has a progress bar).
  // While the numbers load, each card already stands as tall as it will with them: its title and
  // link are there, a grey bar holds the value's line, and the expiring card keeps its link's
  // line even when no IP expires. On a phone (one card a line) a card growing or shrinking once
  // loaded moved every card under it (a layout shift of 0.11, Lighthouse's mobile run).
  return (
    <div className={styles.grid}>
      <PlainCard data-testid="overview-balance" className={styles.card}>
        <Statistic
          title={t('overview.stat.balance')}
          value={overview ? formatMoney(overview.balance) : '--'}
          loading={loading}
        />
        <Link to={RECHARGE_PATH}>{t('overview.stat.recharge')}</Link>
      </PlainCard>
      <PlainCard data-testid="overview-active" className={styles.card}>
        <Statistic
          title={t('overview.stat.activeIps')}
          value={overview?.activeInstances ?? 0}
          loading={loading}
        />
        <Link to={IP_LIST_PATH}>{t('overview.stat.viewIps')}</Link>
      </PlainCard>
      <PlainCard data-testid="overview-expiring" className={styles.card}>
        <Statistic
          title={t('overview.stat.expiring')}
          value={expiring}
          warning={expiring > 0}
          loading={loading}
        />
        {expiring > 0 ? (
          <Link to={EXPIRING_LINK}>{t('overview.stat.viewExpiring')}</Link>
        ) : (
          <div className={styles.linkLine} />
        )}
      </PlainCard>
      <PlainCard data-testid="overview-traffic" className={styles.card}>
        <Statistic
          title={t('overview.stat.traffic')}
          value={formatBytes(traffic?.remainingBytes ?? 0)}
          suffix={`/ ${formatBytes(traffic?.totalBytes ?? 0)}`}
          loading={loading}
        />
        <div className={styles.progressLine}>
          <div
            role="progressbar"
            aria-label={t('overview.stat.traffic')}
            aria-valuenow={trafficPercent}
            aria-valuemin={0}
            aria-valuemax={100}
            className={styles.rail}
          >
            <div className={styles.track} style={{ width: `${trafficPercent}%` }} />
          </div>
        </div>
        <Link to={TRAFFIC_PACKAGES_PATH}>{t('overview.stat.viewPackages')}</Link>
      </PlainCard>
    </div>
  );
}
