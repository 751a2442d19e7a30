import type { Overview } from '@stratus/contract';
import { Card, Col, Progress, Row, Statistic, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IP_LIST_PATH, RECHARGE_PATH, TRAFFIC_PACKAGES_PATH } from '../../../shared/paths.ts';
import { formatBytes } from '../../../shared/format/bytes.ts';
import { formatMoney } from '../../../shared/format/money.ts';

/** The IP list filters by this (see use-instance-filters.ts). */
export const EXPIRING_LINK = `${IP_LIST_PATH}?expiringWithinDays=7`;

/** The four cards of a row stand as tall as the tallest (the traffic card has a progress bar). */
const FULL_HEIGHT = { height: '100%' };

interface OverviewStatsProps {
  overview: Overview | undefined;
  loading: boolean;
}

/** Balance, active IPs, IPs expiring within 7 days and traffic remaining. */
export function OverviewStats({ overview, loading }: OverviewStatsProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const expiring = overview?.expiringWithin7Days ?? 0;
  const traffic = overview?.traffic;
  const trafficPercent =
    traffic && traffic.totalBytes > 0
      ? Math.round((traffic.remainingBytes / traffic.totalBytes) * 100)
      : 0;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} sm={12} xl={6}>
        <Card loading={loading} data-testid="overview-balance" style={FULL_HEIGHT}>
          <Statistic
            title={t('overview.stat.balance')}
            value={overview ? formatMoney(overview.balance) : '--'}
          />
          <Link to={RECHARGE_PATH}>{t('overview.stat.recharge')}</Link>
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card loading={loading} data-testid="overview-active" style={FULL_HEIGHT}>
          <Statistic title={t('overview.stat.activeIps')} value={overview?.activeInstances ?? 0} />
          <Link to={IP_LIST_PATH}>{t('overview.stat.viewIps')}</Link>
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card loading={loading} data-testid="overview-expiring" style={FULL_HEIGHT}>
          <Statistic
            title={t('overview.stat.expiring')}
            value={expiring}
            styles={{ content: expiring > 0 ? { color: token.colorWarning } : undefined }}
          />
          {expiring > 0 && <Link to={EXPIRING_LINK}>{t('overview.stat.viewExpiring')}</Link>}
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card loading={loading} data-testid="overview-traffic" style={FULL_HEIGHT}>
          <Statistic
            title={t('overview.stat.traffic')}
            value={formatBytes(traffic?.remainingBytes ?? 0)}
            suffix={`/ ${formatBytes(traffic?.totalBytes ?? 0)}`}
          />
          <Progress
            percent={trafficPercent}
            showInfo={false}
            size="small"
            aria-label={t('overview.stat.traffic')}
          />
          <Link to={TRAFFIC_PACKAGES_PATH}>{t('overview.stat.viewPackages')}</Link>
        </Card>
      </Col>
    </Row>
  );
}
