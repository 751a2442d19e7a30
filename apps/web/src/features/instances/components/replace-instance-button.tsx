import type { Instance } from '@stratus/contract';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';
import { useReplaceInstance } from '../api.ts';
import { replacementTermsOf } from '../replacement-terms.ts';
import { ArmedConfirmButton } from './armed-confirm-button.tsx';

interface ReplaceInstanceButtonProps {
  instance: Instance;
  onReplaced?: (instance: Instance) => void;
}

/**
 * 更换IP: the confirmation says whether it is free or uses the month's quota (with what is
 * left), then the new address is shown. The confirmation mounts at the first click (use-armed.ts).
 */
export function ReplaceInstanceButton({ instance, onReplaced }: ReplaceInstanceButtonProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const replace = useReplaceInstance();
  const terms = replacementTermsOf(instance);
  const description =
    terms.kind === 'free'
      ? terms.until
        ? t('instances.replace.freeUntil', { time: formatDateTime(terms.until) })
        : t('instances.replace.freeFlagged')
      : terms.kind === 'counted'
        ? t('instances.replace.counted', { count: terms.left })
        : t('instances.replace.exhausted');

  const confirm = async () => {
    // One key per confirmation: a retry of this request never replaces twice.
    const replaced = await replace.mutateAsync({
      id: instance.id,
      idempotencyKey: crypto.randomUUID(),
    });
    onReplaced?.(replaced);
    modal.success({
      title: t('instances.replace.done'),
      content: t('instances.replace.newAddress', {
        old: instance.ip,
        address: `${replaced.ip}:${replaced.port}`,
      }),
    });
  };

  return (
    <ArmedConfirmButton
      label={t('instances.replace.action')}
      disabled={instance.status !== 'active'}
      loading={replace.isPending}
      confirm={{
        title: t('instances.replace.confirm', { ip: instance.ip }),
        description: <div style={{ maxWidth: 280 }}>{description}</div>,
        okText: t('instances.replace.ok'),
        cancelText: t('common.cancel'),
        okButtonProps: { disabled: terms.kind === 'exhausted' },
        onConfirm: confirm,
      }}
    />
  );
}
