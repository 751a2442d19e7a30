import { fenToYuan, yuanToFen, type Receipt, type ReceiptLine } from '@stratus/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatSignedMoney } from '../../../shared/format/money.ts';
import { itemRegion } from '../../orders/public.ts';
import styles from './receipt-document.module.css';

/** What a line is, worded as the order detail words its lines: region, line and duration. */
function describeLine(line: ReceiptLine, t: TFunction): string {
  if (line.kind === 'topup') return t('receipts.line.topUp');
  if (line.kind === 'traffic') {
    return [
      t('orders.item.traffic', { gb: line.trafficGb ?? 0 }),
      t('orders.item.validity', { count: line.durationDays }),
    ].join(' · ');
  }
  return [
    itemRegion(line),
    line.lineType ? t(`instances.lineType.${line.lineType}`) : '',
    t('orders.item.days', { count: line.durationDays }),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The receipt's lines and totals: a plain table, which prints as it shows. */
export function ReceiptLines({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const money = (amount: number) => formatMoney(amount, receipt.currency);
  const refunded = receipt.refunded ?? 0;
  return (
    <>
      <table className={styles.lines}>
        <thead>
          <tr>
            <th>{t('receipts.line.description')}</th>
            <th className={styles.figure}>{t('receipts.line.quantity')}</th>
            <th className={styles.figure}>{t('receipts.line.unitPrice')}</th>
            <th className={styles.figure}>{t('receipts.line.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line, index) => (
            // Lines have no id of their own; their position names them.
            <tr key={index}>
              <td>{describeLine(line, t)}</td>
              <td className={styles.figure}>{line.quantity}</td>
              <td className={styles.figure}>{money(line.unitPrice)}</td>
              <td className={styles.figure}>{money(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className={styles.totals}>
        <div>
          <dt>{t('receipts.total')}</dt>
          <dd data-testid="receipt-total">{money(receipt.amount)}</dd>
        </div>
        {refunded > 0 && (
          <>
            <div>
              <dt>{t('receipts.refunded')}</dt>
              <dd data-testid="receipt-refunded">
                {formatSignedMoney(-refunded, receipt.currency)}
              </dd>
            </div>
            <div>
              <dt>{t('receipts.net')}</dt>
              <dd>{money(fenToYuan(yuanToFen(receipt.amount) - yuanToFen(refunded)))}</dd>
            </div>
          </>
        )}
      </dl>
    </>
  );
}
