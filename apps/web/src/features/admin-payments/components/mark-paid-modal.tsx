import { MARK_PAID_NOTE_MAX, MARK_PAID_TRADE_NO_MAX, type AdminPayment } from '@stratus/contract';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money.ts';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useMarkPaymentPaid, type MarkPaidBody } from '../api.ts';

interface MarkPaidModalProps {
  payment: AdminPayment | null;
  onClose: () => void;
}

/** Credits a payment confirmed outside the system, under a trade number and a note. */
export function MarkPaidModal({ payment, onClose }: MarkPaidModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MarkPaidBody>();
  const markPaid = useMarkPaymentPaid();

  const submit = async (body: MarkPaidBody) => {
    if (!payment) return;
    // A refusal (paid meanwhile, a trade number taken) is toasted by the client.
    await markPaid.mutateAsync({ id: payment.id, body });
    showSuccessToast(t('adminPayments.markPaid.done'));
    onClose();
  };

  return (
    <Modal
      open={payment !== null}
      title={t('adminPayments.markPaid.title')}
      okText={t('adminPayments.markPaid.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={markPaid.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {payment && (
        <Alert
          type="warning"
          showIcon
          title={t('adminPayments.markPaid.notice', { amount: formatMoney(payment.amount) })}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => submit(values).catch(() => undefined)}
        style={{ marginTop: 16 }}
      >
        <Form.Item
          name="tradeNo"
          label={t('adminPayments.markPaid.tradeNo')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('adminPayments.markPaid.tradeNoRequired'),
            },
          ]}
        >
          <Input maxLength={MARK_PAID_TRADE_NO_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="note"
          label={t('adminPayments.markPaid.note')}
          rules={[
            { required: true, whitespace: true, message: t('adminPayments.markPaid.noteRequired') },
          ]}
        >
          <Input
            maxLength={MARK_PAID_NOTE_MAX}
            showCount
            placeholder={t('adminPayments.markPaid.notePlaceholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
