import { formatMoney } from '../../shared/format/money.ts';

/** A yuan figure that may be negative (net sales of a day of refunds): `-¥5.00`, not `¥-5.00`. */
export function formatFigure(amount: number): string {
  return amount < 0 ? `-${formatMoney(-amount)}` : formatMoney(amount);
}
