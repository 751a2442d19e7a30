import type { Dashboard } from '@stratus/contract';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format/bytes.ts';
import styles from './dashboard.module.css';

/** Customers, static IPs and today's traffic: the figures every role sees. */
export function DashboardStats({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  const { customers, staticIps, traffic } = dashboard;
  const trafficToday = traffic.today.staticBytes + traffic.today.dynamicBytes;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} sm={12} xl={6}>
        <Card className={styles.fill} data-testid="stat-new-customers">
          <Statistic
            title={t('adminDashboard.customers.new')}
            value={customers.newToday}
            suffix={`/ ${customers.newThisMonth}`}
          />
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card className={styles.fill} data-testid="stat-live-customers">
          <Statistic
            title={t('adminDashboard.customers.withLiveIps')}
            value={customers.withLiveIps}
          />
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card className={styles.fill} data-testid="stat-ips">
          <Statistic
            title={t('adminDashboard.ips.soldAvailable')}
            value={staticIps.totals.sold}
            suffix={`/ ${staticIps.totals.available}`}
          />
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card className={styles.fill} data-testid="stat-traffic">
          <Statistic title={t('adminDashboard.traffic.today')} value={formatBytes(trafficToday)} />
          <Typography.Text type="secondary" className={styles.detail}>
            {t('adminDashboard.traffic.split', {
              static: formatBytes(traffic.today.staticBytes),
              dynamic: formatBytes(traffic.today.dynamicBytes),
            })}
          </Typography.Text>
        </Card>
      </Col>
    </Row>
  );
}
