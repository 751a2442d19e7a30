import type { Quote, StaticIpPlan } from '@stratus/contract';
import { Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money.ts';
import { RegionLabel } from './region-label.tsx';
import type { OrderChoice } from './order-panel.tsx';

interface ConfirmPurchaseModalProps {
  open: boolean;
  plan: StaticIpPlan;
  choice: OrderChoice;
  quote: Quote;
  paying: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The last look before the wallet is debited. */
export function ConfirmPurchaseModal({
  open,
  plan,
  choice,
  quote,
  paying,
  onConfirm,
  onCancel,
}: ConfirmPurchaseModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('instances.buy.confirmTitle')}
      okText={t('instances.buy.confirmOk')}
      cancelText={t('common.cancel')}
      confirmLoading={paying}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('instances.buy.region')}>
          <RegionLabel country={plan.country} countryName={plan.countryName} city={plan.city} />
        </Descriptions.Item>
        <Descriptions.Item label={t('instances.buy.lineType')}>
          {t(`instances.lineType.${plan.lineType}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('instances.buy.duration')}>
          {t('instances.buy.days', { count: choice.durationDays })}
        </Descriptions.Item>
        <Descriptions.Item label={t('instances.buy.quantity')}>{choice.quantity}</Descriptions.Item>
        <Descriptions.Item label={t('instances.buy.autoRenew')}>
          {t(choice.autoRenew ? 'instances.buy.autoRenewOn' : 'instances.buy.autoRenewOff')}
        </Descriptions.Item>
        <Descriptions.Item label={t('instances.buy.total')}>
          <strong data-testid="confirm-total">{formatMoney(quote.total)}</strong>
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
