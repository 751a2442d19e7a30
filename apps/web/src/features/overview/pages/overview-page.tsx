import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BUY_TRAFFIC_PATH, TRAFFIC_HISTORY_PATH } from '../../../shared/paths.ts';
import { lazyWithAntd } from '../../../shared/ui/lazy-with-antd.tsx';
import { PlainCard } from '../../../shared/ui/plain-card.tsx';
import { AnnouncementsCard } from '../../announcements/public.ts';
import { DEFAULT_USAGE_CHART_HEIGHT, UsageChart } from '../../traffic/public.ts';
import { useOverview } from '../api.ts';
import { EmptyState } from '../components/empty-state.tsx';
import { OverviewStats } from '../components/overview-stats.tsx';
import { RecentOrdersCard } from '../components/recent-orders-card.tsx';
import { ShortcutsCard } from '../components/shortcuts-card.tsx';
import styles from './overview-page.module.css';

// Plain elements and CSS modules: the overview's first screen loads no Ant Design. Its error state
// (Ant Design's Result) comes only on an error, with the providers the plain page has not.
const OverviewFailed = lazyWithAntd(() => import('../components/overview-failed.tsx'));

export default function OverviewPage() {
  const { t } = useTranslation();
  const overview = useOverview();
  const data = overview.data;

  if (overview.isError) {
    return (
      <Suspense fallback={null}>
        <OverviewFailed onRetry={() => void overview.refetch()} />
      </Suspense>
    );
  }

  const usage = data?.usage;
  const usedNothing = !!usage && usage.totals.bytesUp + usage.totals.bytesDown === 0;

  return (
    <div className={styles.page}>
      <div className={styles.wide}>
        <OverviewStats overview={data} loading={overview.isPending} />
      </div>
      <PlainCard
        className={styles.wide}
        title={t('overview.usage.title')}
        extra={<Link to={TRAFFIC_HISTORY_PATH}>{t('overview.usage.history')}</Link>}
        loading={overview.isPending}
        loadingHeight={DEFAULT_USAGE_CHART_HEIGHT}
      >
        {usedNothing ? (
          // A new account's empty chart said nothing: say what will be drawn, and where to start.
          <EmptyState>
            <p className={styles.emptyUsage}>{t('overview.usage.empty')}</p>
            <Link to={BUY_TRAFFIC_PATH}>{t('overview.usage.buy')}</Link>
          </EmptyState>
        ) : (
          <UsageChart buckets={usage?.buckets ?? []} granularity="day" />
        )}
      </PlainCard>
      <RecentOrdersCard orders={data?.recentOrders ?? []} loading={overview.isPending} />
      <div className={styles.side}>
        <AnnouncementsCard />
        <ShortcutsCard />
      </div>
    </div>
  );
}
