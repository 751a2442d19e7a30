import type { AdminIp } from '@stratus/contract';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IpStatusChange } from '../api.ts';
import { allowedChanges } from './ip-actions.tsx';
import styles from './bulk-bar.module.css';

/** What can be done to every picked address at once: a change one of them refuses is not offered. */
export function BulkBar({
  selected,
  onChange,
  onClear,
}: {
  selected: AdminIp[];
  onChange: (change: IpStatusChange) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  if (selected.length === 0) return null;
  const allowed = (change: IpStatusChange) => selected.every((ip) => allowedChanges(ip)[change]);
  const label = t('adminInventory.selection', { count: selected.length });
  return (
    <div className={styles.bar} role="toolbar" aria-label={label}>
      <Typography.Text strong>{label}</Typography.Text>
      <Space wrap>
        <Button danger disabled={!allowed('quarantine')} onClick={() => onChange('quarantine')}>
          {t('adminInventory.action.quarantine')}
        </Button>
        <Button disabled={!allowed('release')} onClick={() => onChange('release')}>
          {t('adminInventory.action.release')}
        </Button>
        <Button disabled={!allowed('retire')} onClick={() => onChange('retire')}>
          {t('adminInventory.action.retire')}
        </Button>
        <Button type="link" onClick={onClear}>
          {t('adminInventory.selection.clear')}
        </Button>
      </Space>
    </div>
  );
}
