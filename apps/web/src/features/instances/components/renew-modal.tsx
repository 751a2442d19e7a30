import { DEFAULT_DURATIONS, type Instance } from '@stratus/contract';
import { Alert, Descriptions, Modal, Radio, Skeleton } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RECHARGE_PATH } from '../../../shared/paths.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useRenewalQuote, useRenewInstances } from '../api.ts';

interface RenewModalProps {
  /** Instances to renew; the modal is open while there are any. */
  ids: string[];
  onClose: () => void;
  /** The renewed instances, as the renewal answered them. */
  onRenewed: (instances: Instance[]) => void;
}

/** Renews one or several instances for a chosen duration, priced by the server first. */
export function RenewModal({ ids, onClose, onRenewed }: RenewModalProps) {
  const { t } = useTranslation();
  const [durationDays, setDurationDays] = useState<number>(DEFAULT_DURATIONS[0]);
  const open = ids.length > 0;
  const quote = useRenewalQuote(ids, durationDays, open);
  const renew = useRenewInstances();
  const ready = quote.data?.sufficientBalance === true && !quote.isFetching;
  // One Idempotency-Key per renewal asked for: a second click after a failure sends the same
  // key (the server renews at most once), another choice or the next opening a new one.
  const pending = useRef<{ choice: string; key: string } | null>(null);
  const keyFor = (choice: string) => {
    if (pending.current?.choice !== choice) pending.current = { choice, key: crypto.randomUUID() };
    return pending.current.key;
  };
  const close = () => {
    pending.current = null;
    onClose();
  };

  const confirm = () =>
    renew.mutate(
      { ids, durationDays, idempotencyKey: keyFor(`${ids.join(',')}/${durationDays}`) },
      {
        onSuccess: (data) => {
          showSuccessToast(t('instances.renew.done'));
          onRenewed(data.instances);
          close();
        },
      },
    );

  return (
    <Modal
      open={open}
      title={
        ids.length > 1
          ? t('instances.renew.count', { count: ids.length })
          : t('instances.renew.title')
      }
      okText={t('instances.renew.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !ready }}
      confirmLoading={renew.isPending}
      onOk={confirm}
      onCancel={close}
      destroyOnHidden
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('instances.renew.duration')}>
          <Radio.Group
            value={durationDays}
            onChange={(event) => setDurationDays(Number(event.target.value))}
          >
            {DEFAULT_DURATIONS.map((days) => (
              <Radio.Button key={days} value={days}>
                {t('instances.buy.days', { count: days })}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Descriptions.Item>
        <Descriptions.Item label={t('instances.renew.price')}>
          {quote.data ? (
            <strong data-testid="renew-total">{formatMoney(quote.data.total)}</strong>
          ) : (
            <Skeleton.Button active size="small" />
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('instances.buy.balance')}>
          {quote.data ? formatMoney(quote.data.balance) : '--'}
        </Descriptions.Item>
      </Descriptions>
      {quote.data && !quote.data.sufficientBalance && (
        <Alert
          type="warning"
          showIcon
          title={t('instances.buy.insufficientBalance')}
          action={<Link to={RECHARGE_PATH}>{t('instances.buy.recharge')}</Link>}
        />
      )}
    </Modal>
  );
}
