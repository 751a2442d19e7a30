import { MAX_ADJUSTMENT_YUAN, type AdminCustomerDetail } from '@stratus/contract';
import { Alert, Descriptions, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, hasMoreThanTwoDecimals } from '../../../shared/format/money.ts';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useCreateAdjustment } from '../api.ts';

interface AdjustBalanceModalProps {
  customer: AdminCustomerDetail;
  open: boolean;
  onClose: () => void;
}

interface AdjustmentForm {
  amount?: number | null;
  reason?: string;
}

/**
 * A signed amount and the reason the customer reads in their ledger. Says up front, and again as
 * soon as the amount is past it, when a second operator's approval will be needed.
 */
export function AdjustBalanceModal({ customer, open, onClose }: AdjustBalanceModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AdjustmentForm>();
  const amount = Form.useWatch('amount', form);
  const adjust = useCreateAdjustment(customer.id);
  const threshold = customer.adjustmentApprovalThreshold;
  const needsApproval = typeof amount === 'number' && Math.abs(amount) > threshold;

  const submit = ({ amount: value, reason }: AdjustmentForm) => {
    if (typeof value !== 'number' || !reason) return;
    adjust.mutate(
      { amount: value, reason: reason.trim() },
      {
        onSuccess: (adjustment) => {
          showSuccessToast(
            adjustment.status === 'applied'
              ? t('adminCustomers.adjust.applied', {
                  balance: formatMoney(adjustment.balanceAfter ?? 0),
                })
              : t('adminCustomers.adjust.pending'),
          );
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('adminCustomers.adjust.title', { email: customer.email })}
      okText={t('adminCustomers.adjust.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={adjust.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('adminCustomers.adjust.balance')}>
          {formatMoney(customer.balance)}
        </Descriptions.Item>
      </Descriptions>
      <Alert
        type={needsApproval ? 'warning' : 'info'}
        showIcon
        data-testid="approval-notice"
        title={t(
          needsApproval ? 'adminCustomers.adjust.needsApproval' : 'adminCustomers.adjust.threshold',
          { threshold: threshold.toFixed(2) },
        )}
      />
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={submit}
        style={{ marginTop: 16 }}
      >
        <Form.Item
          name="amount"
          label={t('adminCustomers.adjust.amount')}
          extra={t('adminCustomers.adjust.amountHelp')}
          rules={[
            { required: true, message: t('adminCustomers.adjust.amountRequired') },
            {
              validator: (_rule, value: number | null | undefined) => {
                if (value === 0)
                  return Promise.reject(new Error(t('adminCustomers.adjust.amountZero')));
                if (typeof value === 'number' && hasMoreThanTwoDecimals(value)) {
                  return Promise.reject(new Error(t('adminCustomers.adjust.amountPrecision')));
                }
                return Promise.resolve();
              },
            },
          ]}
        >
          <InputNumber<number>
            style={{ width: '100%' }}
            min={-MAX_ADJUSTMENT_YUAN}
            max={MAX_ADJUSTMENT_YUAN}
            step={1}
            prefix="¥"
            autoFocus
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('adminCustomers.reason.label')}
          rules={[
            { required: true, whitespace: true, message: t('adminCustomers.reason.required') },
          ]}
        >
          <Input
            maxLength={200}
            showCount
            placeholder={t('adminCustomers.adjust.reasonPlaceholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
