import { BYTES_PER_GB, type SubUser } from '@stratus/contract';
import { Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format/bytes.ts';

/** Used bytes against the cap as a bar; without a cap, the used bytes alone. */
export function SubUserUsage({ subUser }: { subUser: SubUser }) {
  const { t } = useTranslation();
  if (subUser.capGb === null) {
    return (
      <Typography.Text>
        {t('access.subUsers.usedUncapped', { used: formatBytes(subUser.usedBytes) })}
      </Typography.Text>
    );
  }
  const capBytes = subUser.capGb * BYTES_PER_GB;
  const percent = Math.min(100, (subUser.usedBytes / capBytes) * 100);
  const usage = t('access.subUsers.usedOfCap', {
    used: formatBytes(subUser.usedBytes),
    cap: `${subUser.capGb} GB`,
  });
  return (
    <div style={{ minWidth: 160 }}>
      <Progress
        percent={Number(percent.toFixed(1))}
        size="small"
        status={percent >= 100 ? 'exception' : 'normal'}
        showInfo={false}
        aria-label={usage}
      />
      <Typography.Text type="secondary">{usage}</Typography.Text>
    </div>
  );
}
