// How a static-IP plan reads in its audit entries, and the forms its input is kept in: shared by
// the operator's plan changes and `set-price`, so both record the same fields.
import {
  fenToYuan,
  priceFieldOf,
  proxyProtocols,
  yuanToFen,
  type PlanPriceInput,
  type ProxyProtocol,
} from '@stratus/contract';
import type { AuditChanges } from '@stratus/db';
import { diffChanges } from '../audit/public.ts';
import type { PlanRow } from './admin-plan-repo.ts';

/** A price as stored: integer fen per IP for the whole duration. */
export interface FenPrice {
  durationDays: number;
  priceFen: bigint;
}

/** Protocols in their one order (socks5, http, vmess), whatever order they were sent in. */
export function inProtocolOrder(protocols: readonly ProxyProtocol[]): ProxyProtocol[] {
  return proxyProtocols.filter((protocol) => protocols.includes(protocol));
}

/** Yuan prices of the API as fen, shortest duration first. */
export function toFenPrices(prices: PlanPriceInput[]): FenPrice[] {
  return prices
    .map((price) => ({ durationDays: price.durationDays, priceFen: yuanToFen(price.price) }))
    .sort((a, b) => a.durationDays - b.durationDays);
}

/** An audit entry's view of a price list: one field per duration, `price.30d: 35` (yuan). */
export function priceFields(prices: FenPrice[]): Record<string, number> {
  return Object.fromEntries(
    prices.map((price) => [priceFieldOf(price.durationDays), fenToYuan(price.priceFen)]),
  );
}

/** Before → after of each duration priced before or after (a dropped duration goes to null). */
export function priceChanges(before: FenPrice[], after: FenPrice[]): AuditChanges {
  const dropped = Object.fromEntries(
    before.map((price) => [priceFieldOf(price.durationDays), null]),
  );
  return diffChanges(priceFields(before), { ...dropped, ...priceFields(after) });
}

/** The plan's own fields an audit entry records. */
export function planFields(
  plan: Pick<
    PlanRow,
    'protocols' | 'active' | 'sortOrder' | 'replacementsPerMonth' | 'lowStockMark'
  >,
) {
  return {
    protocols: plan.protocols,
    active: plan.active,
    sortOrder: plan.sortOrder,
    replacementsPerMonth: plan.replacementsPerMonth,
    lowStockMark: plan.lowStockMark,
  };
}

/** Every field of a new plan, for its `plan.create` entry. */
export function createdPlanFields(
  plan: Pick<
    PlanRow,
    'lineType' | 'protocols' | 'active' | 'sortOrder' | 'replacementsPerMonth' | 'lowStockMark'
  >,
  region: { country: string; cityCode: string },
  prices: FenPrice[],
): AuditChanges {
  return diffChanges(null, {
    region: `${region.country}/${region.cityCode}`,
    lineType: plan.lineType,
    ...planFields(plan),
    ...priceFields(prices),
  });
}
