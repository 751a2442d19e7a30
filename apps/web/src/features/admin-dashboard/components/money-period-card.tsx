import { QuestionCircleOutlined } from '@ant-design/icons';
import type { DashboardMoneyPeriod } from '@stratus/contract';
import { Card, Col, Row, Statistic, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFigure } from '../money-text.ts';
import styles from './dashboard.module.css';

interface MoneyPeriodCardProps {
  title: string;
  period: DashboardMoneyPeriod;
}

function Help({ text }: { text: string }) {
  return (
    <Tooltip title={text}>
      <QuestionCircleOutlined className={styles.help} aria-label={text} />
    </Tooltip>
  );
}

/** One period's revenue (paid top-ups) and net sales, with the counts and refunds behind them. */
export function MoneyPeriodCard({ title, period }: MoneyPeriodCardProps) {
  const { t } = useTranslation();
  return (
    <Card title={title} size="small" className={styles.fill}>
      <Row gutter={16}>
        <Col span={12}>
          <Statistic
            title={
              <>
                {t('adminDashboard.money.revenue')}{' '}
                <Help text={t('adminDashboard.money.revenueHelp')} />
              </>
            }
            value={formatFigure(period.revenue)}
          />
        </Col>
        <Col span={12}>
          <Statistic
            title={
              <>
                {t('adminDashboard.money.netSales')}{' '}
                <Help text={t('adminDashboard.money.netSalesHelp')} />
              </>
            }
            value={formatFigure(period.netSales)}
          />
        </Col>
      </Row>
      <Typography.Text type="secondary" className={styles.detail}>
        {t('adminDashboard.money.detail', {
          topUps: period.paidTopUps,
          orders: period.orders,
          gross: formatFigure(period.grossSales),
          refunds: formatFigure(period.refunds),
        })}
      </Typography.Text>
    </Card>
  );
}
