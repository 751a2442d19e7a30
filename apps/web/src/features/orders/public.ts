// What other features may use of orders (the only file they may import from it): the static-IP
// quote and purchase, and how an order is shown in a list (the operator console's too).
export { staticIpQuoteQuery, useCreateStaticIpOrder, type StaticIpPurchase } from './api.ts';
export { OrderStatusTag } from './components/order-status-tag.tsx';
export { OrderTypeTag } from './components/order-type-tag.tsx';
export { itemRegion, summariseItem, summariseItems } from './item-summary.ts';
// One table for every order list: the customer's, and the operator's of every or one customer.
export { OrderTable } from './components/order-table.tsx';
// The words of the columns every order list shares, drawn plain (the overview's first screen).
export { orderCells, orderItemsText } from './components/order-cells.tsx';
