import type { NodeSnapshotLag } from '@stratus/contract';
import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';
import { formatDuration } from '../node-format.ts';

/**
 * In sync, or behind by how long (since when, on hover); `--` before the first heartbeat.
 * `coarse` words the lag in its largest unit only (`3 小时`), for a table cell.
 */
export function SnapshotLag({
  lag,
  coarse = false,
}: {
  lag: NodeSnapshotLag | null;
  coarse?: boolean;
}) {
  const { t } = useTranslation();
  if (!lag) return <Typography.Text type="secondary">--</Typography.Text>;
  if (lag.inSync)
    return <Typography.Text type="success">{t('adminNodes.snapshot.inSync')}</Typography.Text>;
  return (
    <Tooltip
      title={t('adminNodes.snapshot.behindHint', { time: formatDateTime(lag.behindSince ?? '') })}
    >
      <Typography.Text type="danger">
        {t('adminNodes.snapshot.behind', {
          duration: formatDuration(t, lag.lagSeconds, { coarse }),
        })}
      </Typography.Text>
    </Tooltip>
  );
}
