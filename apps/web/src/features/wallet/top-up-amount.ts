import type { TopUpOptions } from '@stratus/contract';
import type { TFunction } from 'i18next';
import { formatMoney, hasMoreThanTwoDecimals } from '../../shared/format/money.ts';

type AmountLimits = Pick<TopUpOptions, 'minAmount' | 'maxAmount'>;

/** Whether a top-up amount can be paid (mirrors the server's checks). */
export function isPayableAmount(
  amount: number | null | undefined,
  { minAmount, maxAmount }: AmountLimits,
): amount is number {
  return (
    typeof amount === 'number' &&
    Number.isFinite(amount) &&
    !hasMoreThanTwoDecimals(amount) &&
    amount >= minAmount &&
    amount <= maxAmount
  );
}

/** Why a top-up amount cannot be paid, localised; null when it can. */
export function topUpAmountProblem(
  amount: number | null | undefined,
  { minAmount, maxAmount }: AmountLimits,
  t: TFunction,
): string | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) {
    return t('wallet.recharge.amount.required');
  }
  if (hasMoreThanTwoDecimals(amount)) return t('wallet.recharge.amount.tooPrecise');
  if (amount < minAmount) {
    return t('wallet.recharge.amount.tooSmall', { min: formatMoney(minAmount) });
  }
  if (amount > maxAmount) {
    return t('wallet.recharge.amount.tooLarge', { max: formatMoney(maxAmount) });
  }
  return null;
}
