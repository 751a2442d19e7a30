// The checkout module's public face: the only file of it that other modules, jobs, plugins, the
// CLI and the seed import (eslint.config.js holds them to it).
export { claimIdempotencyKey, findIdempotencyKey } from './idempotency-repo.ts';
export {
  claimOrReplay,
  idempotencyKeyOf,
  purchaseKeyStore,
  requestFingerprint,
} from './idempotency.ts';
export type { IdempotencyStore } from './idempotency.ts';
export type { IdempotencyKeyRow } from './idempotency-repo.ts';
export { runMoneyMove } from './money-move.ts';
export { getOrder, toOrder, toOrders } from './order-answer.ts';
export {
  findOrder,
  findOrderByNo,
  insertOrder,
  insertOrderItems,
  itemPlaceholderValues,
  listOrderItems,
  orderItemRows,
} from './order-rows.ts';
export type { NewOrderItemRow, OrderItemRow, OrderRow } from './order-rows.ts';
export {
  generateOrderNo,
  generatePaymentNo,
  lineAmountFen,
  ORDER_NUMBER_INDEX,
  PAYMENT_NUMBER_INDEX,
  retryOnNumberClash,
} from './pricing.ts';
export { runPurchase } from './purchase-pipeline.ts';
export type { OrderLine } from './purchase-pipeline.ts';
