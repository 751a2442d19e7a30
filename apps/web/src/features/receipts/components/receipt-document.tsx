import type { Receipt } from '@stratus/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date.ts';
import { withTimeZone } from '../../../shared/format/time-zone-title.ts';
import { ReceiptLines } from './receipt-lines.tsx';
import styles from './receipt-document.module.css';

interface Detail {
  label: string;
  value: string;
  testId?: string;
  /** Across the whole width. */
  wide?: boolean;
}

/**
 * The receipt as it prints: the issuer (the operator's settings; the product's name while the
 * company name is empty, and empty fields left out), the number and date, the customer and the
 * payment, then the lines and totals.
 */
export function ReceiptDocument({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const { issuer, customer } = receipt;
  const issuerLines = [
    issuer.address,
    issuer.taxNumber && t('receipts.issuer.taxNumber', { value: issuer.taxNumber }),
    issuer.phone && t('receipts.issuer.phone', { value: issuer.phone }),
    issuer.email && t('receipts.issuer.email', { value: issuer.email }),
  ].filter(Boolean);
  const details: Detail[] = [
    {
      label: t('receipts.customer'),
      value: customer.name ? `${customer.name} <${customer.email}>` : customer.email,
    },
    {
      label: t(receipt.kind === 'topup' ? 'receipts.paymentNo' : 'receipts.orderNo'),
      value: receipt.sourceNo,
      testId: 'receipt-source-no',
    },
    { label: withTimeZone(t('receipts.paidAt')), value: formatDateTime(receipt.paidAt) },
    {
      label: t('receipts.channel'),
      value: receipt.channel ? t(`payments.channel.${receipt.channel}`) : t('receipts.wallet'),
    },
  ];
  if (receipt.providerTradeNo) {
    // A provider's number may be long: a row of its own, so it is never broken in two.
    details.push({
      label: t('receipts.tradeNo'),
      value: receipt.providerTradeNo,
      testId: 'receipt-trade-no',
      wide: true,
    });
  }
  return (
    <article className={styles.document} data-testid="receipt">
      <header className={styles.header}>
        <div className={styles.issuer}>
          <p className={styles.company}>{issuer.companyName || t('common.brand')}</p>
          {issuerLines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
        <div className={styles.heading}>
          <h1 className={styles.title}>{t('receipts.title')}</h1>
          <dl className={styles.pairs}>
            <div>
              <dt>{t('receipts.number')}</dt>
              <dd data-testid="receipt-no">{receipt.receiptNo}</dd>
            </div>
            <div>
              <dt>{t('receipts.date')}</dt>
              <dd>{receipt.businessDate}</dd>
            </div>
          </dl>
        </div>
      </header>
      <dl className={styles.details}>
        {details.map(({ label, value, testId, wide }) => (
          <div key={label} className={wide ? styles.wide : undefined}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>
      <ReceiptLines receipt={receipt} />
      <p className={styles.note}>{t('receipts.note')}</p>
    </article>
  );
}
