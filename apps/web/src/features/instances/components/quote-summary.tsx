import type { Quote } from '@stratus/contract';
import { Alert, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RECHARGE_PATH } from '../../../shared/paths.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import styles from './order-panel.module.css';

interface QuoteSummaryProps {
  quote: Quote | undefined;
  loading: boolean;
}

/** The server's price of the current choice, the balance and what stops the purchase. */
export function QuoteSummary({ quote, loading }: QuoteSummaryProps) {
  const { t } = useTranslation();
  if (!quote) return loading ? <Skeleton active paragraph={{ rows: 2 }} /> : null;
  return (
    <div className={styles.quote} data-testid="quote-summary">
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('instances.buy.unitPrice')}>
          {formatMoney(quote.unitPrice)}
        </Descriptions.Item>
        <Descriptions.Item label={t('instances.buy.total')}>
          <span className={styles.total} data-testid="quote-total">
            {t('instances.buy.formula', {
              unit: formatMoney(quote.unitPrice),
              quantity: quote.quantity,
              total: formatMoney(quote.total),
            })}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('instances.buy.balance')}>
          <span data-testid="quote-balance">{formatMoney(quote.balance)}</span>
        </Descriptions.Item>
      </Descriptions>
      {!quote.sufficientBalance && (
        <Alert
          type="warning"
          showIcon
          title={t('instances.buy.insufficientBalance')}
          action={<Link to={RECHARGE_PATH}>{t('instances.buy.recharge')}</Link>}
        />
      )}
      {!quote.sufficientStock && (
        <Alert
          type="error"
          showIcon
          title={t('instances.buy.insufficientStock', { stock: quote.stock })}
        />
      )}
    </div>
  );
}
