import { Button, Card, Col, Flex, Result, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TRAFFIC_HISTORY_PATH } from '../../../shared/paths.ts';
import { AnnouncementsCard } from '../../announcements/public.ts';
import { UsageChart } from '../../traffic/public.ts';
import { useOverview } from '../api.ts';
import { OverviewStats } from '../components/overview-stats.tsx';
import { RecentOrdersCard } from '../components/recent-orders-card.tsx';
import { ShortcutsCard } from '../components/shortcuts-card.tsx';

export default function OverviewPage() {
  const { t } = useTranslation();
  const overview = useOverview();
  const data = overview.data;

  if (overview.isError) {
    return (
      <Result
        status="warning"
        title={t('overview.failed')}
        extra={<Button onClick={() => void overview.refetch()}>{t('overview.retry')}</Button>}
      />
    );
  }

  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <OverviewStats overview={data} loading={overview.isPending} />
      </Col>
      <Col span={24}>
        <Card
          title={t('overview.usage.title')}
          extra={<Link to={TRAFFIC_HISTORY_PATH}>{t('overview.usage.history')}</Link>}
          loading={overview.isPending}
        >
          <UsageChart buckets={data?.usage.buckets ?? []} granularity="day" />
        </Card>
      </Col>
      <Col xs={24} xl={16}>
        <RecentOrdersCard orders={data?.recentOrders ?? []} loading={overview.isPending} />
      </Col>
      <Col xs={24} xl={8}>
        <Flex vertical gap={16}>
          <AnnouncementsCard />
          <ShortcutsCard />
        </Flex>
      </Col>
    </Row>
  );
}
