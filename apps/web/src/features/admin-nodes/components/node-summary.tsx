import { ipAddressStatuses, type AdminNodeDetail } from '@stratus/contract';
import { Alert, Card, Descriptions, Flex, Grid, Space, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format/bytes.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import { formatAgo, formatDuration, formatPercent, formatRate } from '../node-format.ts';
import { NodeActions } from './node-actions.tsx';
import { NodeStateTag } from './node-state-tag.tsx';
import { SnapshotLag } from './snapshot-lag.tsx';

interface NodeSummaryProps {
  node: AdminNodeDetail;
  canManage: boolean;
  /** The time `lastSeenAt` is measured from (the moment the page's data arrived). */
  now: number;
}

/** Who the node is, its state and everything its latest heartbeat said. */
export function NodeSummary({ node, canManage, now }: NodeSummaryProps) {
  const { t } = useTranslation();
  // Beside the title only where there is room: on a phone they would hide the node's state.
  const actionsInHead = Grid.useBreakpoint().sm !== false;
  const beat = node.heartbeat;
  const item = (label: string, value: ReactNode) => ({ label, children: value });
  const items = [
    item(t('adminNodes.detail.host'), node.host),
    item(
      withTimeZone(t('adminNodes.detail.lastSeen')),
      node.lastSeenAt
        ? t('adminNodes.detail.lastSeenAt', {
            time: formatDateTime(node.lastSeenAt),
            ago: formatAgo(t, node.lastSeenAt, now),
          })
        : t('adminNodes.lastSeen.never'),
    ),
    item(withTimeZone(t('adminNodes.detail.createdAt')), formatDateTime(node.createdAt)),
  ];
  if (beat) {
    items.push(
      item(t('adminNodes.column.version'), beat.gatewayVersion),
      item(t('adminNodes.detail.uptime'), formatDuration(t, beat.uptimeSeconds)),
      item(
        t('adminNodes.column.snapshot'),
        <Space size={8}>
          <SnapshotLag lag={node.snapshotLag} />
          <Typography.Text type="secondary" copyable={!!beat.snapshotVersion}>
            {beat.snapshotVersion?.slice(0, 12) ?? t('adminNodes.snapshot.none')}
          </Typography.Text>
        </Space>,
      ),
      item(t('adminNodes.column.connections'), beat.openConnections),
      item(
        t('adminNodes.column.throughput'),
        t('adminNodes.throughput.both', {
          out: formatRate(t, beat.bytesOutPerSecond),
          in: formatRate(t, beat.bytesInPerSecond),
        }),
      ),
      item(
        t('adminNodes.column.pendingUsage'),
        <Tooltip title={t('adminNodes.pendingUsage.hint')}>
          <Typography.Text type={beat.pendingUsageBatches > 0 ? 'warning' : undefined}>
            {t('adminNodes.pendingUsage.count', { count: beat.pendingUsageBatches })}
          </Typography.Text>
        </Tooltip>,
      ),
      item(
        t('adminNodes.column.cpu'),
        <Tooltip title={t('adminNodes.detail.cpuHint')}>{formatPercent(beat.cpuPercent)}</Tooltip>,
      ),
      item(t('adminNodes.column.memory'), formatBytes(beat.memoryBytes, 1)),
      item(t('adminNodes.detail.v2ray'), t(`adminNodes.v2ray.${beat.v2rayState}`)),
    );
  }
  items.push(
    item(
      t('adminNodes.column.ips'),
      ipAddressStatuses
        .map((status) => `${t(`adminNodes.ips.status.${status}`)} ${node.ipCounts[status]}`)
        .join(' · '),
    ),
  );

  return (
    <Card
      title={
        <Space size={12}>
          <Typography.Text strong>{node.name}</Typography.Text>
          <NodeStateTag node={node} />
        </Space>
      }
      extra={canManage && actionsInHead && <NodeActions node={node} />}
    >
      <Flex vertical gap={16}>
        {canManage && !actionsInHead && <NodeActions node={node} />}
        {!beat && <Alert type="info" showIcon title={t('adminNodes.detail.noHeartbeat')} />}
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small" items={items} />
      </Flex>
    </Card>
  );
}
