import { IP_STATUS_REASON_MAX_LENGTH, type AdminIp } from '@stratus/contract';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useChangeIpStatus, type IpStatusChange } from '../api.ts';
import styles from './status-change-modal.module.css';

/** The addresses a change is about to apply to, and which change. */
export interface PendingChange {
  change: IpStatusChange;
  ips: AdminIp[];
}

const SHOWN_ADDRESSES = 5;

/** Asks why, then quarantines, releases or retires the addresses (all or none). */
export function StatusChangeModal({
  pending,
  onClose,
  onDone,
}: {
  pending: PendingChange | null;
  onClose: () => void;
  /** After the change applied: e.g. clear the selection. */
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const change = useChangeIpStatus();
  const reasonRequired = pending?.change !== 'release';

  const submit = async ({ reason }: { reason?: string }) => {
    if (!pending) return;
    // A refusal (already quarantined, in use, retired) is toasted by the client.
    const moved = await change.mutateAsync({
      change: pending.change,
      ids: pending.ips.map((ip) => ip.id),
      reason: reason?.trim() ?? '',
    });
    showSuccessToast(t(`adminInventory.change.done.${pending.change}`, { count: moved.length }));
    onDone?.();
    onClose();
  };

  const addresses = pending?.ips.map((ip) => ip.address) ?? [];
  const shown = addresses.slice(0, SHOWN_ADDRESSES).join(', ');
  return (
    <Modal
      open={pending !== null}
      title={pending && t(`adminInventory.change.title.${pending.change}`)}
      okText={pending && t(`adminInventory.action.${pending.change}`)}
      okButtonProps={{ danger: pending?.change !== 'release' }}
      cancelText={t('common.cancel')}
      confirmLoading={change.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {pending && (
        <>
          <Alert
            type={pending.change === 'release' ? 'info' : 'warning'}
            showIcon
            title={t(`adminInventory.change.notice.${pending.change}`)}
          />
          <Typography.Paragraph className={styles.addresses}>
            {t('adminInventory.change.addresses', {
              count: addresses.length,
              list: addresses.length > SHOWN_ADDRESSES ? `${shown} …` : shown,
            })}
          </Typography.Paragraph>
        </>
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => submit(values).catch(() => undefined)}
      >
        <Form.Item
          name="reason"
          label={
            reasonRequired
              ? t('adminInventory.change.reason')
              : t('adminInventory.change.reasonOptional')
          }
          rules={
            reasonRequired
              ? [
                  {
                    required: true,
                    whitespace: true,
                    message: t('adminInventory.change.reasonRequired'),
                  },
                ]
              : []
          }
        >
          <Input
            maxLength={IP_STATUS_REASON_MAX_LENGTH}
            showCount
            placeholder={pending ? t(`adminInventory.change.placeholder.${pending.change}`) : ''}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
