import { NODE_HEARTBEAT_SERIES_HOURS, type NodeHeartbeatPoint } from '@stratus/contract';
import { Card, Col, Empty, Row, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { HeartbeatChart, type ChartLine, type ChartScale } from './heartbeat-chart.tsx';

interface NodeChartsProps {
  series: NodeHeartbeatPoint[];
  /** The end of the window (ms): when the page's data arrived. */
  now: number;
}

const HOUR_MS = 3_600_000;

/** The node page's last 24 hours: connections, throughput, CPU, memory and pending usage. */
export function NodeCharts({ series, now }: NodeChartsProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const single = (name: string, value: ChartLine['value']): ChartLine[] => [
    { name, value, colour: token.colorPrimary },
  ];
  const charts = [
    {
      title: t('adminNodes.charts.connections'),
      lines: single(t('adminNodes.charts.connections'), (point) => point.openConnections),
      scale: 'count',
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
      scale: 'rate',
    },
    {
      title: t('adminNodes.charts.cpu'),
      lines: single(t('adminNodes.charts.cpu'), (point) => point.cpuPercent),
      scale: 'percent',
    },
    {
      title: t('adminNodes.charts.memory'),
      lines: single(t('adminNodes.charts.memory'), (point) => point.memoryBytes),
      scale: 'bytes',
    },
    {
      title: t('adminNodes.charts.pendingUsage'),
      lines: single(t('adminNodes.charts.pendingUsage'), (point) => point.pendingUsageBatches),
      scale: 'count',
    },
  ] satisfies { title: string; lines: ChartLine[]; scale: ChartScale }[];
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
                scale={chart.scale}
                from={now - NODE_HEARTBEAT_SERIES_HOURS * HOUR_MS}
                to={now}
              />
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
