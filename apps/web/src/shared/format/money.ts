import type { Wallet } from '@stratus/contract';

const currencySymbols: Record<Wallet['currency'], string> = { CNY: '¥' };

/** A yuan amount from the API as the header shows it: symbol and exactly two decimals. */
export function formatMoney(amount: number, currency: Wallet['currency'] = 'CNY'): string {
  return `${currencySymbols[currency]}${amount.toFixed(2)}`;
}

/** A signed ledger amount: `+¥10.00` for a credit, `-¥10.00` for a debit. */
export function formatSignedMoney(amount: number, currency: Wallet['currency'] = 'CNY'): string {
  const sign = amount < 0 ? '-' : '+';
  return `${sign}${formatMoney(Math.abs(amount), currency)}`;
}

/** Whether a yuan amount has more than two decimals (the API refuses those). */
export function hasMoreThanTwoDecimals(amount: number): boolean {
  return Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6;
}
