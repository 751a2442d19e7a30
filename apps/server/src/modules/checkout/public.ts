// The checkout module's public face: the only file of it that other modules, jobs, plugins, the
// CLI and the seed import (eslint.config.js holds them to it).
export { claimIdempotencyKey } from './idempotency-repo.ts';
export {
  claimOrReplay,
  idempotencyKeyOf,
  purchaseKeyStore,
  requestFingerprint,
  staticIpPurchaseKeyStore,
} from './idempotency.ts';
export type { IdempotencyStore, PlanReadWithKey } from './idempotency.ts';
export { runMoneyMove } from './money-move.ts';
export { getOrder, toOrder, toOrders } from './order-answer.ts';
export {
  insertOrder,
  insertOrderItems,
  itemPlaceholderValues,
  listOrderItems,
  orderItemRows,
} from './order-rows.ts';
export type { NewOrderItemRow, OrderItemRow, OrderRow } from './order-rows.ts';
export { generateOrderNo, generatePaymentNo, lineAmountFen } from './pricing.ts';
export { runPurchase } from './purchase-pipeline.ts';
export type { OrderLine } from './purchase-pipeline.ts';
