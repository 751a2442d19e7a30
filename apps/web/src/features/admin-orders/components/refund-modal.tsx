import { REFUND_REASON_MAX_LENGTH, type AdminOrderDetail, type OrderType } from '@stratus/contract';
import { Alert, Descriptions, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../locales/index.ts';
import { formatMoney, hasMoreThanTwoDecimals } from '../../../shared/format/money.ts';
import { showSuccessToast } from '../../../shared/ui/feedback.ts';
import { useRefundOrder } from '../api.ts';
import styles from './refund-modal.module.css';

/** What a full refund ends, per order type (a replacement costs nothing, so has nothing to refund). */
const fullRefundWarnings: Record<Exclude<OrderType, 'replacement'>, MessageKey> = {
  static_ip: 'adminOrders.refund.staticIpWarning',
  traffic: 'adminOrders.refund.trafficWarning',
  renewal: 'adminOrders.refund.renewalWarning',
};

interface RefundForm {
  amount?: number | null;
  reason: string;
}

/**
 * Refunds an order to the customer's wallet: an amount (empty = the whole rest) and a reason.
 * Mounted once per opening, so each opening makes its own idempotency key: a double click, or a
 * retry after a lost answer, refunds once.
 */
export function RefundModal({ order, onClose }: { order: AdminOrderDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RefundForm>();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const refund = useRefundOrder();
  const refundable = formatMoney(order.refundable);

  const submit = async ({ amount, reason }: RefundForm) => {
    // A refusal is toasted by the client; the dialog stays open for another try.
    const answer = await refund.mutateAsync({
      orderId: order.id,
      body: { ...(amount == null ? {} : { amount }), reason },
      idempotencyKey,
    });
    showSuccessToast(t('adminOrders.refund.done', { amount: formatMoney(answer.refund.amount) }));
    onClose();
  };

  return (
    <Modal
      open
      title={t('adminOrders.refund.title')}
      okText={t('adminOrders.refund.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      confirmLoading={refund.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('orders.column.orderNo')}>{order.orderNo}</Descriptions.Item>
        <Descriptions.Item label={t('adminOrders.column.customer')}>
          {order.customerEmail}
        </Descriptions.Item>
        <Descriptions.Item label={t('adminOrders.column.refundable')}>
          {refundable}
        </Descriptions.Item>
      </Descriptions>
      {order.type !== 'replacement' && (
        <Alert type="warning" showIcon title={t(fullRefundWarnings[order.type])} />
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        className={styles.form}
        onFinish={(values) => submit(values).catch(() => undefined)}
      >
        <Form.Item
          name="amount"
          label={t('adminOrders.refund.amount')}
          extra={t('adminOrders.refund.amountHint', { amount: refundable })}
          rules={[
            {
              validator: async (_, value: number | null | undefined) => {
                if (value == null) return;
                if (hasMoreThanTwoDecimals(value)) {
                  throw new Error(t('adminOrders.refund.amountTooPrecise'));
                }
                if (value <= 0) throw new Error(t('adminOrders.refund.amountPositive'));
                if (value > order.refundable) {
                  throw new Error(t('adminOrders.refund.amountTooLarge', { amount: refundable }));
                }
              },
            },
          ]}
        >
          <InputNumber<number>
            className={styles.amount}
            placeholder={t('adminOrders.refund.amountPlaceholder', { amount: refundable })}
            prefix="¥"
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('adminOrders.refund.reason')}
          extra={t('adminOrders.refund.reasonHint')}
          rules={[
            { required: true, whitespace: true, message: t('adminOrders.refund.reasonRequired') },
          ]}
        >
          <Input maxLength={REFUND_REASON_MAX_LENGTH} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
