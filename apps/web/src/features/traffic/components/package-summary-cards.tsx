import { Card, Col, Progress, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format/bytes.ts';

interface PackageSummaryCardsProps {
  summary: { activePackages: number; totalBytes: number; remainingBytes: number } | undefined;
  loading: boolean;
}

/** Active packages and what remains of them, whatever the table's filter. */
export function PackageSummaryCards({ summary, loading }: PackageSummaryCardsProps) {
  const { t } = useTranslation();
  const total = summary?.totalBytes ?? 0;
  const remaining = summary?.remainingBytes ?? 0;
  const percent = total > 0 ? Math.round((remaining / total) * 100) : 0;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={8}>
        <Card loading={loading}>
          <Statistic
            title={t('traffic.packages.summary.active')}
            value={summary?.activePackages ?? 0}
          />
        </Card>
      </Col>
      <Col xs={24} md={16}>
        <Card loading={loading}>
          <Statistic
            title={t('traffic.packages.summary.remaining')}
            value={formatBytes(remaining)}
            suffix={`/ ${formatBytes(total)}`}
          />
          <Progress
            percent={percent}
            showInfo={false}
            size="small"
            aria-label={t('traffic.packages.summary.remaining')}
          />
        </Card>
      </Col>
    </Row>
  );
}
