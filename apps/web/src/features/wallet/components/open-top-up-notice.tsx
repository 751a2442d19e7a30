import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { browserNavigation } from '../../../shared/browser.ts';
import { formatDateTime } from '../../../shared/format/date.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { rememberPendingPayment } from '../../payments/public.ts';
import { useCancelOpenTopUp, useOpenTopUp } from '../api.ts';
import styles from './open-top-up-notice.module.css';

/**
 * A top-up started and left unpaid is not forgotten: back on 充值, the customer may resume it at
 * its cashier or cancel it, before starting another.
 */
export function OpenTopUpNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useOpenTopUp();
  const cancel = useCancelOpenTopUp();
  const payment = open.data?.payment;
  if (!payment) return null;

  const resume = () => {
    rememberPendingPayment(payment.id);
    // The sandbox cashier is a page of this app; a provider's cashier is another site.
    if (payment.payUrl.startsWith('/')) void navigate(payment.payUrl);
    else browserNavigation.assign(payment.payUrl);
  };

  return (
    <section className={styles.notice} aria-label={t('wallet.openTopUp.title')}>
      <Alert
        type="info"
        showIcon
        title={t('wallet.openTopUp.title')}
        description={
          // The actions under the words, not beside them: on a phone a side column of buttons
          // left the words a few pixels wide.
          <>
            <p className={styles.text}>
              {t('wallet.openTopUp.description', {
                amount: formatMoney(payment.amount),
                channel: t(`payments.channel.${payment.channel}`),
                paymentNo: payment.paymentNo,
                expiresAt: formatDateTime(payment.expiresAt),
              })}
            </p>
            <Space wrap>
              <Button type="primary" onClick={resume}>
                {t('wallet.openTopUp.resume')}
              </Button>
              <Button loading={cancel.isPending} onClick={() => cancel.mutate(payment.id)}>
                {t('wallet.openTopUp.cancel')}
              </Button>
            </Space>
          </>
        }
      />
    </section>
  );
}
