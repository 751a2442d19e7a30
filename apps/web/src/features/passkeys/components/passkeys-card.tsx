import type { Passkey } from '@stratus/contract';
import {
  Button,
  Card,
  Popconfirm,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/business-time.ts';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import { passkeysSupported } from '../../../shared/passkeys.ts';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { RowCards } from '../../../shared/ui/row-cards.tsx';
import { TOUCH_TARGET } from '../../../shared/ui/touch-target.ts';
import { useCompactLayout } from '../../../shared/ui/use-compact-layout.ts';
import { usePasskeys, useRemovePasskey } from '../api.ts';
import { AddPasskeyModal } from './add-passkey-modal.tsx';
import { RenamePasskeyModal } from './rename-passkey-modal.tsx';
import styles from './passkeys-card.module.css';

/** The account's passkeys: add one, rename or remove them (a table, or cards on a phone). */
export function PasskeysCard() {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const supported = passkeysSupported();

  const columns: TableColumnsType<Passkey> = [
    {
      title: t('passkeys.name'),
      dataIndex: 'name',
      render: (name: string, passkey) => (
        <div className={styles.name}>
          <Typography.Text strong>{name}</Typography.Text>
          {passkey.deviceType === 'multiDevice' && <Tag color="blue">{t('passkeys.synced')}</Tag>}
        </div>
      ),
    },
    {
      title: withTimeZone(t('passkeys.created')),
      dataIndex: 'createdAt',
      width: 170,
      render: (createdAt: string) => formatDateTime(createdAt),
    },
    {
      title: withTimeZone(t('passkeys.lastUsed')),
      dataIndex: 'lastUsedAt',
      width: 170,
      render: (lastUsedAt: string | null) =>
        lastUsedAt ? formatDateTime(lastUsedAt) : t('passkeys.neverUsed'),
    },
    {
      title: t('passkeys.actions'),
      key: 'actions',
      width: 170,
      render: (_, passkey) => (
        <Space size={0} wrap>
          <Button
            type="link"
            className={TOUCH_TARGET}
            aria-label={`${t('passkeys.rename')} ${passkey.name}`}
            onClick={() => setRenaming(passkey)}
          >
            {t('passkeys.rename')}
          </Button>
          <Popconfirm
            title={t('passkeys.removeConfirm')}
            description={t('passkeys.removeConfirmDescription')}
            okText={t('passkeys.remove')}
            okButtonProps={{ danger: true }}
            cancelText={t('passkeys.cancel')}
            onConfirm={() =>
              remove.mutateAsync(passkey.id, {
                onSuccess: () => showSuccessToast(t('passkeys.removed')),
              })
            }
          >
            <Button
              type="link"
              danger
              className={TOUCH_TARGET}
              aria-label={`${t('passkeys.remove')} ${passkey.name}`}
            >
              {t('passkeys.remove')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const items = passkeys.data?.items ?? [];

  return (
    <Card
      title={t('passkeys.title')}
      extra={
        supported && (
          <Button type="primary" onClick={() => setAdding(true)}>
            {t('passkeys.add')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">
        {t(supported ? 'passkeys.explain' : 'passkeys.unsupported')}
      </Typography.Paragraph>
      {compact ? (
        <RowCards
          columns={columns}
          rows={items}
          rowKey={(passkey) => passkey.id}
          loading={passkeys.isPending}
          empty={t('passkeys.none')}
        />
      ) : (
        <Table<Passkey>
          rowKey="id"
          size="middle"
          loading={passkeys.isFetching}
          dataSource={items}
          columns={columns}
          pagination={false}
          locale={{ emptyText: passkeys.data && t('passkeys.none') }}
        />
      )}
      {adding && <AddPasskeyModal onClose={() => setAdding(false)} />}
      {renaming && <RenamePasskeyModal passkey={renaming} onClose={() => setRenaming(null)} />}
    </Card>
  );
}
