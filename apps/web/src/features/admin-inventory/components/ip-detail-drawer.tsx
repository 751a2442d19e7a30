import type { AdminIp } from '@stratus/contract';
import { Alert, Descriptions, Drawer, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import { useAdminIp, type IpStatusChange } from '../api.ts';
import { IpActions } from './ip-actions.tsx';
import { IpHistoryTimeline } from './ip-history-timeline.tsx';
import { IpInstancesTable } from './ip-instances-table.tsx';
import { IpStatusTag } from './ip-status-tag.tsx';
import { LiveInstanceCell } from './live-instance-cell.tsx';
import { regionLabel } from './region-label.ts';
import styles from './ip-detail-drawer.module.css';

interface IpDetailDrawerProps {
  ipId: string | null;
  /** The viewer holds `inventory.manage`: the state changes are offered. */
  canManage: boolean;
  onChange: (change: IpStatusChange, ip: AdminIp) => void;
  onClose: () => void;
}

/** One address as the server has it now: its fields, its history and the instances it served. */
export function IpDetailDrawer({ ipId, canManage, onChange, onClose }: IpDetailDrawerProps) {
  const { t } = useTranslation();
  const detail = useAdminIp(ipId);
  const data = detail.data;
  const ip = data?.ip;
  return (
    <Drawer
      open={ipId !== null}
      size={680}
      title={t('adminInventory.detail.title')}
      extra={
        canManage && ip ? <IpActions ip={ip} onChange={(change) => onChange(change, ip)} /> : null
      }
      onClose={onClose}
    >
      {!data || !ip ? (
        <Skeleton active />
      ) : (
        <>
          {ip.flaggedForReplacement && (
            <Alert
              type="warning"
              showIcon
              className={styles.alert}
              title={t('adminInventory.flagged.hint')}
            />
          )}
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('adminInventory.column.address')}>
              <Typography.Text copyable className={styles.code}>
                {ip.address}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('adminInventory.detail.ports')}>
              {t('adminInventory.detail.portsValue', { port: ip.port, vmessPort: ip.vmessPort })}
            </Descriptions.Item>
            <Descriptions.Item label={t('adminInventory.column.node')}>
              {ip.nodeName}
            </Descriptions.Item>
            <Descriptions.Item label={t('adminInventory.column.region')}>
              {regionLabel(ip, ip.region)}
            </Descriptions.Item>
            <Descriptions.Item label={t('adminInventory.column.lineType')}>
              {t(`instances.lineType.${ip.lineType}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('adminInventory.column.status')}>
              <IpStatusTag status={ip.status} />
              <span className={styles.since}>
                {t('adminInventory.detail.since', { time: formatDateTime(ip.statusChangedAt) })}
              </span>
            </Descriptions.Item>
            {ip.statusReason && (
              <Descriptions.Item label={t('adminInventory.detail.statusReason')}>
                {ip.statusReason}
              </Descriptions.Item>
            )}
            {ip.coolingUntil && (
              <Descriptions.Item label={withTimeZone(t('adminInventory.detail.coolingUntil'))}>
                {formatDateTime(ip.coolingUntil)}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('adminInventory.column.instance')}>
              <LiveInstanceCell instance={ip.liveInstance} />
            </Descriptions.Item>
            <Descriptions.Item label={withTimeZone(t('adminInventory.detail.createdAt'))}>
              {formatDateTime(ip.createdAt)}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} className={styles.title}>
            {t('adminInventory.detail.history')}
          </Typography.Title>
          <IpHistoryTimeline history={data.history} />
          <Typography.Title level={5} className={styles.title}>
            {t('adminInventory.detail.instances', { count: data.instances.length })}
          </Typography.Title>
          <IpInstancesTable instances={data.instances} />
        </>
      )}
    </Drawer>
  );
}
