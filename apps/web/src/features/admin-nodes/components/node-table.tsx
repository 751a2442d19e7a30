import type { AdminNode } from '@stratus/contract';
import { Empty, Flex, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { formatBytes } from '../../../shared/format/bytes.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { ADMIN_NODE_PATH } from '../../../shared/paths.ts';
import { formatAgo, formatPercent, formatRate } from '../node-format.ts';
import { NodeActions } from './node-actions.tsx';
import { NodeStateTag } from './node-state-tag.tsx';
import { SnapshotLag } from './snapshot-lag.tsx';
import styles from './node-table.module.css';

interface NodeTableProps {
  nodes: AdminNode[] | undefined;
  loading: boolean;
  /** Whether the viewer may rotate keys and disable nodes (the actions column is left out else). */
  canManage: boolean;
  /** The time `lastSeenAt` is measured from (the moment the list arrived). */
  now: number;
}

const muted = <Typography.Text type="secondary">--</Typography.Text>;

/** Every node: online or not, what its last heartbeat said, its IPs. */
export function NodeTable({ nodes, loading, canManage, now }: NodeTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<AdminNode> = [
    {
      key: 'name',
      title: t('adminNodes.column.name'),
      fixed: 'left',
      width: 170,
      render: (_value, node) => (
        <Flex vertical>
          <Link to={generatePath(ADMIN_NODE_PATH, { id: node.id })}>{node.name}</Link>
          <Typography.Text type="secondary" className={styles.small}>
            {node.host}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'state',
      title: t('adminNodes.column.state'),
      width: 90,
      render: (_value, node) => <NodeStateTag node={node} />,
    },
    {
      key: 'lastSeen',
      title: t('adminNodes.column.lastSeen'),
      width: 110,
      render: (_value, node) =>
        node.lastSeenAt ? (
          <Tooltip title={formatDateTime(node.lastSeenAt)}>
            <span>{formatAgo(t, node.lastSeenAt, now)}</span>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{t('adminNodes.lastSeen.never')}</Typography.Text>
        ),
    },
    {
      key: 'version',
      title: t('adminNodes.column.version'),
      width: 80,
      render: (_value, node) => node.heartbeat?.gatewayVersion ?? muted,
    },
    {
      key: 'snapshot',
      title: t('adminNodes.column.snapshot'),
      width: 110,
      render: (_value, node) => <SnapshotLag lag={node.snapshotLag} />,
    },
    {
      key: 'pendingUsage',
      title: (
        <Tooltip title={t('adminNodes.pendingUsage.hint')}>
          {t('adminNodes.column.pendingUsage')}
        </Tooltip>
      ),
      width: 100,
      align: 'right',
      render: (_value, node) => {
        const pending = node.heartbeat?.pendingUsageBatches;
        if (pending === undefined) return muted;
        return (
          <Typography.Text type={pending > 0 ? 'warning' : undefined} className={styles.number}>
            {t('adminNodes.pendingUsage.count', { count: pending })}
          </Typography.Text>
        );
      },
    },
    {
      key: 'connections',
      title: t('adminNodes.column.connections'),
      width: 80,
      align: 'right',
      render: (_value, node) =>
        node.heartbeat ? (
          <span className={styles.number}>{node.heartbeat.openConnections}</span>
        ) : (
          muted
        ),
    },
    {
      key: 'throughput',
      title: t('adminNodes.column.throughput'),
      width: 140,
      render: (_value, node) =>
        node.heartbeat ? (
          <Flex vertical className={styles.number}>
            <span>
              {t('adminNodes.throughput.out', {
                rate: formatRate(t, node.heartbeat.bytesOutPerSecond),
              })}
            </span>
            <span>
              {t('adminNodes.throughput.in', {
                rate: formatRate(t, node.heartbeat.bytesInPerSecond),
              })}
            </span>
          </Flex>
        ) : (
          muted
        ),
    },
    {
      key: 'cpu',
      title: t('adminNodes.column.cpu'),
      width: 70,
      align: 'right',
      render: (_value, node) =>
        node.heartbeat ? (
          <span className={styles.number}>{formatPercent(node.heartbeat.cpuPercent)}</span>
        ) : (
          muted
        ),
    },
    {
      key: 'memory',
      title: t('adminNodes.column.memory'),
      width: 90,
      align: 'right',
      render: (_value, node) =>
        node.heartbeat ? (
          <span className={styles.number}>{formatBytes(node.heartbeat.memoryBytes, 1)}</span>
        ) : (
          muted
        ),
    },
    {
      key: 'ips',
      title: t('adminNodes.column.ips'),
      width: 150,
      render: (_value, node) => {
        const total = Object.values(node.ipCounts).reduce((sum, count) => sum + count, 0);
        return (
          <Flex vertical>
            <span>{t('adminNodes.ips.summary', { total })}</span>
            <Typography.Text type="secondary" className={styles.small}>
              {t('adminNodes.ips.detail', node.ipCounts)}
            </Typography.Text>
          </Flex>
        );
      },
    },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      title: t('adminNodes.column.actions'),
      width: 190,
      render: (_value, node) => <NodeActions node={node} size="small" />,
    });
  }

  return (
    <Table<AdminNode>
      rowKey="id"
      columns={columns}
      dataSource={nodes ?? []}
      loading={loading}
      pagination={false}
      scroll={{ x: 1300 }}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminNodes.empty')} />
        ),
      }}
    />
  );
}
