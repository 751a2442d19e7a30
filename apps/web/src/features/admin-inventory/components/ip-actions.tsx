import type { AdminIp } from '@stratus/contract';
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IpStatusChange } from '../api.ts';

/** The changes an address's state allows (the server checks the same rules). */
export function allowedChanges(ip: AdminIp): Record<IpStatusChange, boolean> {
  const retired = ip.status === 'retired';
  return {
    quarantine: !retired && ip.status !== 'quarantined',
    release: ip.status === 'quarantined',
    retire: !retired && ip.liveInstance === null,
  };
}

/** Quarantine, release and retire buttons for one address. */
export function IpActions({
  ip,
  onChange,
}: {
  ip: AdminIp;
  onChange: (change: IpStatusChange) => void;
}) {
  const { t } = useTranslation();
  const allowed = allowedChanges(ip);
  const retireBlocked = ip.status !== 'retired' && ip.liveInstance !== null;
  return (
    <Space>
      {allowed.quarantine && (
        <Button danger onClick={() => onChange('quarantine')}>
          {t('adminInventory.action.quarantine')}
        </Button>
      )}
      {allowed.release && (
        <Button onClick={() => onChange('release')}>{t('adminInventory.action.release')}</Button>
      )}
      {ip.status !== 'retired' && (
        <Tooltip title={retireBlocked ? t('adminInventory.action.retireInUse') : undefined}>
          <Button disabled={!allowed.retire} onClick={() => onChange('retire')}>
            {t('adminInventory.action.retire')}
          </Button>
        </Tooltip>
      )}
    </Space>
  );
}
