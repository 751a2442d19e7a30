import { hasPermission } from '@stratus/contract';
import { Button, Card, Col, Flex, Result, Row, Tooltip } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../users/public.ts';
import { useAdminDashboard } from '../api.ts';
import { DashboardStats } from '../components/dashboard-stats.tsx';
import { MoneyPeriodCard } from '../components/money-period-card.tsx';
import { NodesCard } from '../components/nodes-card.tsx';
import { PaymentsCard } from '../components/payments-card.tsx';
import { RegionIpsTable } from '../components/region-ips-table.tsx';
import { RevenueChart } from '../components/revenue-chart.tsx';
import { SignedInLine } from '../components/signed-in-line.tsx';
import { TrafficChart } from '../components/traffic-chart.tsx';
import styles from '../components/dashboard.module.css';

/**
 * The operator console's home: who is signed in, then the dashboard. Revenue and sales show only
 * when the server sent them (roles with `dashboard.money`).
 */
export default function AdminHomePage() {
  const { t, i18n } = useTranslation();
  const me = useMe().data;
  const role = me && me.role !== 'customer' ? me.role : undefined;
  const canRead = role !== undefined && hasPermission(role, 'dashboard.read');
  const dashboard = useAdminDashboard(i18n.language, canRead);
  if (!me || !role) return null;
  const data = dashboard.data;
  const money = data?.money ?? null;

  return (
    <Flex vertical gap={16}>
      <SignedInLine
        email={me.email}
        role={role}
        generatedAt={data?.generatedAt}
        refreshing={dashboard.isFetching}
        onRefresh={canRead ? () => void dashboard.refetch() : undefined}
      />
      {canRead && dashboard.isError && !data && (
        <Result
          status="warning"
          title={t('adminDashboard.failed')}
          extra={
            <Button onClick={() => void dashboard.refetch()}>{t('adminDashboard.retry')}</Button>
          }
        />
      )}
      {canRead && !data && dashboard.isPending && <Card loading />}
      {data && (
        <>
          {money && (
            <Row gutter={[16, 16]} data-testid="money-cards">
              {(['today', 'thisMonth', 'lastMonth'] as const).map((period) => (
                <Col key={period} xs={24} lg={8}>
                  <MoneyPeriodCard
                    title={t(`adminDashboard.period.${period}`)}
                    period={money[period]}
                  />
                </Col>
              ))}
            </Row>
          )}
          <DashboardStats dashboard={data} />
          <Row gutter={[16, 16]}>
            {money && (
              <Col xs={24} xl={12}>
                <Card title={t('adminDashboard.chart.revenue.title')} size="small">
                  <RevenueChart series={money.series} />
                </Card>
              </Col>
            )}
            <Col xs={24} xl={money ? 12 : 24}>
              <Card title={t('adminDashboard.chart.traffic.title')} size="small">
                <TrafficChart series={data.traffic.series} />
              </Card>
            </Col>
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={16}>
              <Card
                title={t('adminDashboard.regions.title')}
                size="small"
                className={styles.fill}
                extra={
                  <Tooltip title={t('adminDashboard.regions.help')}>
                    <QuestionCircleOutlined
                      className={styles.help}
                      aria-label={t('adminDashboard.regions.help')}
                    />
                  </Tooltip>
                }
              >
                <RegionIpsTable staticIps={data.staticIps} />
              </Card>
            </Col>
            <Col xs={24} xl={8}>
              <Flex vertical gap={16}>
                <NodesCard nodes={data.nodes} />
                <PaymentsCard
                  payments={data.payments}
                  pendingAmount={money?.pendingAmount ?? null}
                  canOpenPayments={hasPermission(role, 'payments.read')}
                />
              </Flex>
            </Col>
          </Row>
        </>
      )}
    </Flex>
  );
}
