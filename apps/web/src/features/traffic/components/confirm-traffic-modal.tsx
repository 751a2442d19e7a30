import type { TrafficPlan, TrafficQuote } from '@stratus/contract';
import { Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format/bytes.ts';
import { formatMoney } from '../../../shared/format/money.ts';

interface ConfirmTrafficModalProps {
  open: boolean;
  plan: TrafficPlan;
  quote: TrafficQuote;
  paying: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The last look before the wallet is debited. */
export function ConfirmTrafficModal({
  open,
  plan,
  quote,
  paying,
  onConfirm,
  onCancel,
}: ConfirmTrafficModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('traffic.buy.confirmTitle')}
      okText={t('traffic.buy.confirmOk')}
      cancelText={t('common.cancel')}
      confirmLoading={paying}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('traffic.buy.plan')}>
          {t('traffic.buy.planLabel', { gb: plan.gb, count: plan.validityDays })}
        </Descriptions.Item>
        <Descriptions.Item label={t('traffic.buy.quantity')}>{quote.quantity}</Descriptions.Item>
        <Descriptions.Item label={t('traffic.buy.packageSize')}>
          {formatBytes(quote.totalBytes)}
        </Descriptions.Item>
        <Descriptions.Item label={t('traffic.buy.total')}>
          <strong data-testid="traffic-confirm-total">{formatMoney(quote.total)}</strong>
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
