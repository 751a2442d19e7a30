import type { StaticIpPlan } from '@stratus/contract';

/**
 * Stock at or under this count shows how many are left ("3 left"); above it a plan reads "In
 * stock": an exact count of a large pool tells a buyer nothing and changes with every sale.
 */
export const LOW_STOCK = 20;
/** The most IPs one purchase may ask for (the contract's limit). */
export const MAX_QUANTITY = 100;

export type StockState = 'soldOut' | 'low' | 'available';

export function stockState(stock: number): StockState {
  if (stock <= 0) return 'soldOut';
  return stock <= LOW_STOCK ? 'low' : 'available';
}

/** The cheapest whole-duration price per IP, the "from ¥x" of a card. */
export function lowestPrice(plan: StaticIpPlan): number | null {
  if (plan.prices.length === 0) return null;
  return Math.min(...plan.prices.map((price) => price.price));
}

export function sortedPrices(plan: StaticIpPlan): StaticIpPlan['prices'] {
  return [...plan.prices].sort((a, b) => a.durationDays - b.durationDays);
}

/**
 * Whole percent saved per day against the plan's shortest duration; 0 when none (or for the
 * shortest one itself). Display only: the server prices every order.
 */
export function perDaySavingPercent(plan: StaticIpPlan, durationDays: number): number {
  const [shortest] = sortedPrices(plan);
  const chosen = plan.prices.find((price) => price.durationDays === durationDays);
  if (!shortest || !chosen || chosen.durationDays === shortest.durationDays) return 0;
  const basePerDay = shortest.price / shortest.durationDays;
  const perDay = chosen.price / chosen.durationDays;
  if (basePerDay <= 0 || perDay >= basePerDay) return 0;
  return Math.round((1 - perDay / basePerDay) * 100);
}

export function maxQuantity(stock: number): number {
  return Math.max(1, Math.min(MAX_QUANTITY, stock));
}
