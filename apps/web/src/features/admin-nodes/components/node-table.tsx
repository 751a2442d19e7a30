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
      render: (_value, node) => (
        <Flex vertical>
          <NodeStateTag node={node} />
          {node.lastSeenAt ? (
            <Tooltip title={formatDateTime(node.lastSeenAt)}>
              <Typography.Text type="secondary" className={styles.small}>
                {formatAgo(t, node.lastSeenAt, now)}
              </Typography.Text>
            </Tooltip>
          ) : (
            <Typography.Text type="secondary" className={styles.small}>
              {t('adminNodes.lastSeen.never')}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'version',
      title: t('adminNodes.column.version'),
      render: (_value, node) => node.heartbeat?.gatewayVersion ?? muted,
    },
    {
      key: 'snapshot',
      title: t('adminNodes.column.snapshot'),
      render: (_value, node) => <SnapshotLag lag={node.snapshotLag} coarse />,
    },
    {
      key: 'pendingUsage',
      title: (
        <Tooltip title={t('adminNodes.pendingUsage.hint')}>
          {t('adminNodes.column.pendingUsage')}
        </Tooltip>
      ),
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
      align: 'right',
      render: (_value, node) =>
        node.heartbeat ? (
          <span className={styles.number}>{formatBytes(node.heartbeat.memoryBytes, 0)}</span>
        ) : (
          muted
        ),
    },
    {
      key: 'ips',
      title: t('adminNodes.column.ips'),
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
      render: (_value, node) => <NodeActions node={node} compact />,
    });
  }

  return (
    <Table<AdminNode>
      rowKey="id"
      columns={columns}
      dataSource={nodes ?? []}
      loading={loading}
      pagination={false}
      size="middle"
      scroll={{ x: 'max-content' }}
      className={styles.table}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminNodes.empty')} />
        ),
      }}
    />
  );
}
