import type { TrafficQuote } from '@stratus/contract';
import { Alert, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RECHARGE_PATH } from '../../../shared/paths.ts';
import { formatBytes } from '../../../shared/format/bytes.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import styles from './traffic-order-panel.module.css';

interface TrafficQuoteSummaryProps {
  quote: TrafficQuote | undefined;
  loading: boolean;
}

/** The server's price of the current choice, the balance and whether it covers the total. */
export function TrafficQuoteSummary({ quote, loading }: TrafficQuoteSummaryProps) {
  const { t } = useTranslation();
  if (!quote) return loading ? <Skeleton active paragraph={{ rows: 2 }} /> : null;
  return (
    <div className={styles.quote} data-testid="traffic-quote-summary">
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('traffic.buy.packageSize')}>
          {formatBytes(quote.totalBytes)}
        </Descriptions.Item>
        <Descriptions.Item label={t('traffic.buy.validityLabel')}>
          {t('traffic.buy.validity', { count: quote.validityDays })}
        </Descriptions.Item>
        <Descriptions.Item label={t('traffic.buy.total')}>
          <span className={styles.total} data-testid="traffic-quote-total">
            {t('traffic.buy.formula', {
              unit: formatMoney(quote.unitPrice),
              quantity: quote.quantity,
              total: formatMoney(quote.total),
            })}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('traffic.buy.balance')}>
          <span data-testid="traffic-quote-balance">{formatMoney(quote.balance)}</span>
        </Descriptions.Item>
      </Descriptions>
      {quote.sufficientBalance ? (
        <Alert type="success" showIcon title={t('traffic.buy.sufficientBalance')} />
      ) : (
        <Alert
          type="warning"
          showIcon
          title={t('traffic.buy.insufficientBalance')}
          action={<Link to={RECHARGE_PATH}>{t('traffic.buy.recharge')}</Link>}
        />
      )}
    </div>
  );
}
