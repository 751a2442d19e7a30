// `order.paid`: the buyer is told what an order took from the balance, in the purchase's own
// transaction (or, for a purchase made as ONE autocommit statement, right after that statement).
import { orderTypeMailLabels } from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import { mailYuan, queueUserMail } from '../messages/public.ts';
import type { OrderRow } from './order-rows.ts';

/** The console page of the orders. */
const ORDERS_PAGE = '/console/ipOrderList';

export async function mailOrderPaid(
  db: Db | Tx,
  order: Pick<OrderRow, 'id' | 'orderNo' | 'userId' | 'type' | 'totalFen'>,
): Promise<void> {
  // A ¥0 order (a replacement) moved no money: its own event says what happened.
  if (order.totalFen === 0n) return;
  await queueUserMail(db, {
    userId: order.userId,
    template: 'order.paid',
    values: (locale) => ({
      orderNo: order.orderNo,
      orderType: orderTypeMailLabels[locale][order.type],
      amount: mailYuan(order.totalFen),
    }),
    data: {
      orderId: order.id,
      orderNo: order.orderNo,
      orderType: order.type,
      amountFen: order.totalFen.toString(),
    },
    path: ORDERS_PAGE,
    dedupeKey: `order.paid:${order.userId}:${order.id}`,
  });
}
