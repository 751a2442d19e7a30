import type { NodeHeartbeatPoint } from '@stratus/contract';
import { Card, Col, Empty, Row, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format/bytes.ts';
import { formatPercent, formatRate } from '../node-format.ts';
import { HeartbeatChart, type ChartLine } from './heartbeat-chart.tsx';

/** The node page's last 24 hours: connections, throughput, CPU, memory and pending usage. */
export function NodeCharts({ series }: { series: NodeHeartbeatPoint[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const single = (name: string, value: ChartLine['value']): ChartLine[] => [
    { name, value, colour: token.colorPrimary },
  ];
  const charts = [
    {
      title: t('adminNodes.charts.connections'),
      lines: single(t('adminNodes.charts.connections'), (point) => point.openConnections),
      format: (value: number) => String(Math.round(value)),
    },
    {
      title: t('adminNodes.charts.throughput'),
      lines: [
        {
          name: t('adminNodes.charts.out'),
          value: (point: NodeHeartbeatPoint) => point.bytesOutPerSecond,
          colour: token.colorPrimary,
        },
        {
          name: t('adminNodes.charts.in'),
          value: (point: NodeHeartbeatPoint) => point.bytesInPerSecond,
          colour: token.colorSuccess,
        },
      ],
      format: (value: number) => formatRate(t, value),
    },
    {
      title: t('adminNodes.charts.cpu'),
      lines: single(t('adminNodes.charts.cpu'), (point) => point.cpuPercent),
      format: formatPercent,
    },
    {
      title: t('adminNodes.charts.memory'),
      lines: single(t('adminNodes.charts.memory'), (point) => point.memoryBytes),
      format: (value: number) => formatBytes(value, 0),
    },
    {
      title: t('adminNodes.charts.pendingUsage'),
      lines: single(t('adminNodes.charts.pendingUsage'), (point) => point.pendingUsageBatches),
      format: (value: number) => String(Math.round(value)),
    },
  ];
  return (
    <Card title={t('adminNodes.charts.title')}>
      {series.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminNodes.charts.empty')} />
      ) : (
        <Row gutter={[24, 24]}>
          {charts.map((chart) => (
            <Col key={chart.title} xs={24} xl={12}>
              <Typography.Text strong>{chart.title}</Typography.Text>
              <HeartbeatChart
                title={chart.title}
                points={series}
                lines={chart.lines}
                format={chart.format}
              />
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
