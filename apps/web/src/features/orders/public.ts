// What other features may use of orders (the only file they may import from it): the static-IP
// quote and purchase, and how an order is shown in a list (the operator console's too).
export { staticIpQuoteQuery, useCreateStaticIpOrder, type StaticIpPurchase } from './api.ts';
export { OrderStatusTag } from './components/order-status-tag.tsx';
export { OrderTypeTag } from './components/order-type-tag.tsx';
export { summariseItem, summariseItems } from './item-summary.ts';
