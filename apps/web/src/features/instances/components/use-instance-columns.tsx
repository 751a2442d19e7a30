import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import type { Instance } from '@stratus/contract';
import { Button, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format/bytes.ts';
import { useCompactLayout } from '../../../shared/ui/use-compact-layout.ts';
import { RegionLabel } from './region-label.tsx';
import { CopyableCode } from './copyable-code.tsx';
import { AutoRenewSwitch } from './auto-renew-switch.tsx';
import { CellCopyButton } from './cell-copy-button.tsx';
import cells from './cells.module.css';
import { ExpiryCell } from './expiry-cell.tsx';
import { InstanceCheckButton } from './instance-check-button.tsx';
import { InstanceStatusTag } from './instance-status-tag.tsx';
import { preloadDetailDrawer, preloadRenewModal } from './lazy-ip-list-overlays.ts';
import { LineTypeTag } from './line-type-tag.tsx';
import { PasswordCell } from './password-cell.tsx';
import { ProtocolTags } from './protocol-tags.tsx';
import { RemarkCell } from './remark-cell.tsx';
import { ReplaceInstanceButton } from './replace-instance-button.tsx';
import { ResetPasswordButton } from './reset-password-button.tsx';
import { ReplacementPendingTag } from './replacement-pending-tag.tsx';
import styles from './use-instance-columns.module.css';

interface ColumnActions {
  onRenew: (instance: Instance) => void;
  onDetail: (instance: Instance) => void;
}

/**
 * The IP-list columns; cells that edit call their own mutations. The cells are plain elements
 * with Ant Design's look (cells.module.css) except the link buttons; confirmations, tooltips and
 * the remark's editor mount when first used. Every row then costs a few elements, and the first
 * screen generates no CSS-in-JS for tags, switches, tooltips, popovers or typography.
 */
export function useInstanceColumns({ onRenew, onDetail }: ColumnActions) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  // Grouped so the list fits a laptop screen without scrolling sideways: the address with its
  // status, region and line; the credentials together; the expiry with its auto-renewal. The
  // widths add up (with the selection column) to the table's width beside the menu at 1440 px.
  // On a phone the address stays at the left while the rest scrolls past it, and the actions
  // scroll with the row: held at the right they would cover half the narrow table.
  const columns: TableColumnsType<Instance> = [
    {
      key: 'address',
      title: t('instances.field.address'),
      fixed: compact ? 'left' : undefined,
      width: compact ? 150 : 220,
      render: (_, instance) => (
        <div className={styles.stack}>
          <span className={styles.line}>
            <CopyableCode text={`${instance.ip}:${instance.port}`} />
            <InstanceStatusTag status={instance.status} />
            <ReplacementPendingTag instance={instance} />
          </span>
          <span className={styles.line}>
            <RegionLabel
              country={instance.country}
              countryName={instance.countryName}
              city={instance.city}
            />
            <LineTypeTag lineType={instance.lineType} />
          </span>
        </div>
      ),
    },
    {
      key: 'protocols',
      title: t('instances.field.protocols'),
      width: 100,
      render: (_, instance) => (
        <ProtocolTags protocols={instance.protocols} unavailable={instance.unavailableProtocols} />
      ),
    },
    {
      key: 'credentials',
      title: t('instances.field.credentials'),
      width: 190,
      render: (_, instance) => (
        <div className={styles.stack}>
          <span className={styles.line}>
            <code>{instance.username}</code>
            <CellCopyButton text={instance.username} />
          </span>
          <PasswordCell password={instance.password} />
        </div>
      ),
    },
    {
      key: 'remark',
      title: t('instances.field.remark'),
      width: 110,
      render: (_, instance) => <RemarkCell instance={instance} />,
    },
    {
      key: 'usage30Days',
      title: t('instances.field.usage30Days'),
      width: 100,
      render: (_, instance) => formatBytes(instance.usage30Days),
    },
    {
      key: 'expiresAt',
      title: withTimeZone(t('instances.field.expiresAt')),
      width: 170,
      render: (_, instance) => (
        <div className={styles.stack}>
          <ExpiryCell instance={instance} />
          <label className={styles.line}>
            <AutoRenewSwitch instance={instance} />
            <span className={styles.caption}>{t('instances.field.autoRenew')}</span>
          </label>
        </div>
      ),
    },
    {
      key: 'actions',
      title: t('instances.field.actions'),
      fixed: compact ? undefined : 'right',
      width: 170,
      render: (_, instance) => (
        // On a touch screen the wrapped rows of links stand apart, each link's hit box whole.
        <div className={compact ? `${cells.actions} ${cells.actionsCompact}` : cells.actions}>
          <Button
            type="link"
            size="small"
            onClick={() => onRenew(instance)}
            onPointerEnter={preloadRenewModal}
            onFocus={preloadRenewModal}
          >
            {t('instances.list.renew')}
          </Button>
          <ResetPasswordButton instance={instance} />
          <ReplaceInstanceButton instance={instance} />
          <Button
            type="link"
            size="small"
            onClick={() => onDetail(instance)}
            onPointerEnter={preloadDetailDrawer}
            onFocus={preloadDetailDrawer}
          >
            {t('instances.list.detail')}
          </Button>
          <InstanceCheckButton instance={instance} />
        </div>
      ),
    },
  ];
  return columns;
}
