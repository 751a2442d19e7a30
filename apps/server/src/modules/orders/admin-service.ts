// What operators read about orders: every customer's orders with what was refunded, one order
// with everything about it, and the static IPs whose automatic renewal failed.
import {
  fenToYuan,
  type AdminOrder,
  type AdminOrderDetail,
  type Locale,
  type OrderRefund,
  type OrderStatus,
  type OrderType,
  type Page,
  type RenewalFailure,
} from '@stratus/contract';
import type { Db } from '@stratus/db';
import { businessTimeBounds } from '../../business-time.ts';
import { AppError } from '../../errors.ts';
import { listInstanceDetailsByIds } from '../instances/public.ts';
import {
  countAdminOrders,
  countRenewalFailures,
  findOrderWithCustomer,
  listAdminOrders as listAdminOrderRows,
  listOrderRefunds,
  listRenewalFailures as listRenewalFailureRows,
  type OrderWithCustomer,
  type RefundWithStaff,
} from './admin-repo.ts';
import { toOrders } from '../checkout/public.ts';

export function toOrderRefund({ refund, staffEmail }: RefundWithStaff): OrderRefund {
  return {
    id: refund.id,
    amount: fenToYuan(refund.amountFen),
    reason: refund.reason,
    full: refund.full,
    staffEmail,
    createdAt: refund.createdAt.toISOString(),
  };
}

async function toAdminOrders(
  db: Db,
  rows: OrderWithCustomer[],
  locale: Locale,
): Promise<AdminOrder[]> {
  const shaped = await toOrders(
    db,
    rows.map((row) => row.order),
    locale,
  );
  return rows.map(({ order, customerEmail }, index) => ({
    // `toOrders` answers in the order of the rows it was given.
    ...shaped[index]!,
    customerId: order.userId,
    customerEmail,
    refunded: fenToYuan(order.refundedFen),
    refundable: fenToYuan(order.totalFen - order.refundedFen),
  }));
}

export interface AdminOrderQuery {
  type?: OrderType;
  status?: OrderStatus;
  customer?: string;
  orderNo?: string;
  /** `YYYY-MM-DD` (a whole day in China time) or an ISO time, inclusive. */
  from?: string;
  to?: string;
}

export async function listAdminOrders({
  db,
  locale,
  query: { from, to, customer, orderNo, ...query },
  page,
  pageSize,
}: {
  db: Db;
  locale: Locale;
  query: AdminOrderQuery;
  page: number;
  pageSize: number;
}): Promise<Page<AdminOrder>> {
  // An empty text filter (`?customer=`) filters nothing.
  const filter = {
    ...query,
    customer: customer || undefined,
    orderNo: orderNo || undefined,
    ...businessTimeBounds({ from, to }),
  };
  const [rows, total] = await Promise.all([
    listAdminOrderRows(db, filter, { limit: pageSize, offset: (page - 1) * pageSize }),
    countAdminOrders(db, filter),
  ]);
  return { items: await toAdminOrders(db, rows, locale), total, page, pageSize };
}

export async function getAdminOrder({
  db,
  orderId,
  locale,
}: {
  db: Db;
  orderId: string;
  locale: Locale;
}): Promise<AdminOrderDetail> {
  const found = await findOrderWithCustomer(db, orderId);
  if (!found) throw new AppError('orderNotFound');
  const { order, customer } = found;
  const [shaped] = await toAdminOrders(db, [{ order, customerEmail: customer.email }], locale);
  if (!shaped) throw new AppError('orderNotFound');
  const instances = await listInstanceDetailsByIds(db, shaped.instanceIds);
  const refunds = await listOrderRefunds(db, [order.id]);
  return {
    ...shaped,
    instances: instances.map(({ instance, ip }) => ({
      id: instance.id,
      ip: ip.address,
      status: instance.status,
      expiresAt: instance.expiresAt.toISOString(),
    })),
    refunds: refunds.map(toOrderRefund),
    customer: {
      id: customer.id,
      email: customer.email,
      name: customer.name,
      disabledAt: customer.disabledAt?.toISOString() ?? null,
    },
  };
}

export async function listRenewalFailures({
  db,
  page,
  pageSize,
}: {
  db: Db;
  page: number;
  pageSize: number;
}): Promise<Page<RenewalFailure>> {
  const [rows, total] = await Promise.all([
    listRenewalFailureRows(db, { limit: pageSize, offset: (page - 1) * pageSize }),
    countRenewalFailures(db),
  ]);
  return {
    items: rows.map(({ instance, customerEmail, ip }) => ({
      instanceId: instance.id,
      customerId: instance.userId,
      customerEmail,
      ip,
      status: instance.status,
      autoRenew: instance.autoRenew,
      expiresAt: instance.expiresAt.toISOString(),
      // Selected only where it is set.
      warning: instance.renewalWarning ?? '',
    })),
    total,
    page,
    pageSize,
  };
}
