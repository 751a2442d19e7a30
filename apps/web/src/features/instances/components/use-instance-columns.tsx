import type { Instance } from '@stratus/contract';
import { Button, Popconfirm, Space, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useResetInstancePassword } from '../api.ts';
import { RegionLabel } from './region-label.tsx';
import { CopyableCode } from './copyable-code.tsx';
import { AutoRenewSwitch } from './auto-renew-switch.tsx';
import { ExpiryCell } from './expiry-cell.tsx';
import { InstanceStatusTag } from './instance-status-tag.tsx';
import { LineTypeTag } from './line-type-tag.tsx';
import { PasswordCell } from './password-cell.tsx';
import { ProtocolTags } from './protocol-tags.tsx';
import { RemarkCell } from './remark-cell.tsx';

interface ColumnActions {
  onRenew: (instance: Instance) => void;
  onDetail: (instance: Instance) => void;
}

/** The IP-list columns; cells that edit call their own mutations. */
export function useInstanceColumns({ onRenew, onDetail }: ColumnActions) {
  const { t } = useTranslation();
  const resetPassword = useResetInstancePassword();
  const columns: TableColumnsType<Instance> = [
    {
      key: 'address',
      title: t('instances.field.address'),
      width: 200,
      render: (_, instance) => <CopyableCode text={`${instance.ip}:${instance.port}`} />,
    },
    {
      key: 'protocols',
      title: t('instances.field.protocols'),
      width: 180,
      render: (_, instance) => <ProtocolTags protocols={instance.protocols} />,
    },
    {
      key: 'username',
      title: t('instances.field.username'),
      width: 160,
      render: (_, instance) => (
        <span>
          {instance.username}
          <CopyButton text={instance.username} />
        </span>
      ),
    },
    {
      key: 'password',
      title: t('instances.field.password'),
      width: 190,
      render: (_, instance) => <PasswordCell password={instance.password} />,
    },
    {
      key: 'region',
      title: t('instances.field.region'),
      width: 140,
      render: (_, instance) => (
        <RegionLabel
          country={instance.country}
          countryName={instance.countryName}
          city={instance.city}
        />
      ),
    },
    {
      key: 'lineType',
      title: t('instances.field.lineType'),
      width: 110,
      render: (_, instance) => <LineTypeTag lineType={instance.lineType} />,
    },
    {
      key: 'remark',
      title: t('instances.field.remark'),
      width: 160,
      render: (_, instance) => <RemarkCell instance={instance} />,
    },
    {
      key: 'createdAt',
      title: t('instances.field.createdAt'),
      width: 170,
      render: (_, instance) => formatDateTime(instance.createdAt),
    },
    {
      key: 'expiresAt',
      title: t('instances.field.expiresAt'),
      width: 190,
      render: (_, instance) => <ExpiryCell instance={instance} />,
    },
    {
      key: 'status',
      title: t('instances.field.status'),
      width: 90,
      render: (_, instance) => <InstanceStatusTag status={instance.status} />,
    },
    {
      key: 'autoRenew',
      title: t('instances.field.autoRenew'),
      width: 90,
      render: (_, instance) => <AutoRenewSwitch instance={instance} />,
    },
    {
      key: 'actions',
      title: t('instances.field.actions'),
      fixed: 'right',
      width: 220,
      render: (_, instance) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onRenew(instance)}>
            {t('instances.list.renew')}
          </Button>
          <Popconfirm
            title={t('instances.list.resetConfirm')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() =>
              resetPassword.mutateAsync(instance.id).then(() => {
                showSuccessToast(t('instances.list.passwordReset'));
              })
            }
          >
            <Button type="link" size="small" disabled={instance.status !== 'active'}>
              {t('instances.list.resetPassword')}
            </Button>
          </Popconfirm>
          <Button type="link" size="small" onClick={() => onDetail(instance)}>
            {t('instances.list.detail')}
          </Button>
        </Space>
      ),
    },
  ];
  return columns;
}
