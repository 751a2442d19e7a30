import { httpUrl, socks5Url, vmessLink, type Instance } from '@stratus/contract';
import { Descriptions, Drawer, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format/bytes.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import { maskPassword } from '../password-mask.ts';
import { InstanceCheckButton } from './instance-check-button.tsx';
import { ReplaceInstanceButton } from './replace-instance-button.tsx';
import { RegionLabel } from './region-label.tsx';
import { ConnectionLine } from './connection-line.tsx';
import { InstanceStatusTag } from './instance-status-tag.tsx';
import { ReplacementPendingTag } from './replacement-pending-tag.tsx';
import { LineTypeTag } from './line-type-tag.tsx';
import { PasswordCell } from './password-cell.tsx';
import { ProtocolTags } from './protocol-tags.tsx';
import styles from './instance-detail-drawer.module.css';

interface InstanceDetailDrawerProps {
  instance: Instance | null;
  onClose: () => void;
  /** The drawer shows the instance it was given: after a replacement, the new one. */
  onReplaced: (instance: Instance) => void;
}

export function InstanceDetailDrawer({ instance, onClose, onReplaced }: InstanceDetailDrawerProps) {
  const { t } = useTranslation();
  // One reveal for the whole drawer (the password and the lines that carry it), forgotten when
  // another instance opens.
  const [revealedId, setRevealedId] = useState<string | null>(null);
  const revealed = instance !== null && revealedId === instance.id;
  const shownLine = (line: string) =>
    revealed || !instance ? line : maskPassword(line, instance.password);
  return (
    <Drawer
      open={instance !== null}
      size={560}
      title={t('instances.detail.title')}
      onClose={onClose}
    >
      {instance && (
        <>
          <Space wrap className={styles.actions}>
            <ReplaceInstanceButton key={instance.ip} instance={instance} onReplaced={onReplaced} />
            <InstanceCheckButton key={`check-${instance.ip}`} instance={instance} />
          </Space>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('instances.field.address')}>
              {instance.ip}:{instance.port}
            </Descriptions.Item>
            <Descriptions.Item label={t('instances.field.vmessPort')}>
              {instance.vmessPort}
            </Descriptions.Item>
            <Descriptions.Item label={t('instances.field.protocols')}>
              <ProtocolTags
                protocols={instance.protocols}
                unavailable={instance.unavailableProtocols}
              />
            </Descriptions.Item>
            <Descriptions.Item label={t('instances.field.username')}>
              {instance.username}
            </Descriptions.Item>
            <Descriptions.Item label={t('instances.field.password')}>
              <PasswordCell
                password={instance.password}
                shown={revealed}
                onShownChange={(shown) => setRevealedId(shown ? instance.id : null)}
              />
            </Descriptions.Item>
            <Descriptions.Item label={t('instances.field.vmessId')}>
              {instance.vmessId}
            </Descriptions.Item>
            <Descriptions.Item label={t('instances.field.region')}>
              <RegionLabel
                country={instance.country}
                countryName={instance.countryName}
                city={instance.city}
              />
            </Descriptions.Item>
            <Descriptions.Item label={t('instances.field.lineType')}>
              <LineTypeTag lineType={instance.lineType} />
            </Descriptions.Item>
            <Descriptions.Item label={t('instances.field.status')}>
              <InstanceStatusTag status={instance.status} />
              <ReplacementPendingTag instance={instance} />
            </Descriptions.Item>
            <Descriptions.Item label={t('instances.field.autoRenew')}>
              {t(instance.autoRenew ? 'instances.buy.autoRenewOn' : 'instances.buy.autoRenewOff')}
            </Descriptions.Item>
            <Descriptions.Item label={t('instances.field.remark')}>
              {instance.remark || '--'}
            </Descriptions.Item>
            <Descriptions.Item label={t('instances.field.usage30Days')}>
              {formatBytes(instance.usage30Days)}
            </Descriptions.Item>
            <Descriptions.Item label={withTimeZone(t('instances.field.createdAt'))}>
              {formatDateTime(instance.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={withTimeZone(t('instances.field.expiresAt'))}>
              {formatDateTime(instance.expiresAt)}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} className={styles.title}>
            {t('instances.detail.connections')}
          </Typography.Title>
          <ConnectionLine
            label={t('instances.protocol.socks5')}
            value={socks5Url(instance)}
            shownValue={shownLine(socks5Url(instance))}
          />
          <ConnectionLine
            label={t('instances.protocol.http')}
            value={httpUrl(instance)}
            shownValue={shownLine(httpUrl(instance))}
          />
          <ConnectionLine label={t('instances.protocol.vmess')} value={vmessLink(instance)} />
        </>
      )}
    </Drawer>
  );
}
