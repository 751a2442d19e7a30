// The tabs of one customer's page. Each reads through the service of the module that owns the
// data, exactly as the customer's own console does, after checking the id is a customer's.
import type {
  AdminCustomerInstance,
  AdminCustomerPayment,
  AdminCustomerSession,
  InstanceStatus,
  LedgerEntry,
  LedgerEntryType,
  Locale,
  Order,
  OrderStatus,
  OrderType,
  Page,
  PaymentStatus,
  TrafficPackage,
  TrafficPackageStatus,
} from '@stratus/contract';
import type { Db } from '@stratus/db';
import type { Config } from '../../config.ts';
import { listUserSessions } from '../auth/public.ts';
import { listInstances } from '../instances/public.ts';
import { listOrders } from '../orders/public.ts';
import { listPaymentsForOperator } from '../payments/public.ts';
import { listTrafficPackages } from '../traffic/public.ts';
import { listTransactions } from '../wallet/public.ts';
import { requireCustomer, toAdminInstance } from './service.ts';

interface TabRequest {
  db: Db;
  customerId: string;
  page: number;
  pageSize: number;
}

export async function listCustomerLedger({
  db,
  customerId,
  type,
  page,
  pageSize,
}: TabRequest & { type?: LedgerEntryType }): Promise<Page<LedgerEntry>> {
  await requireCustomer(db, customerId);
  return listTransactions({ db, userId: customerId, query: { type }, page, pageSize });
}

export async function listCustomerPayments({
  db,
  customerId,
  status,
  page,
  pageSize,
}: TabRequest & { status?: PaymentStatus }): Promise<Page<AdminCustomerPayment>> {
  await requireCustomer(db, customerId);
  return listPaymentsForOperator({ db, userId: customerId, status, page, pageSize });
}

export async function listCustomerOrders({
  db,
  customerId,
  locale,
  query,
  page,
  pageSize,
}: TabRequest & {
  locale: Locale;
  query: { type?: OrderType; status?: OrderStatus };
}): Promise<Page<Order>> {
  await requireCustomer(db, customerId);
  return listOrders({ db, userId: customerId, locale, query, page, pageSize });
}

export async function listCustomerInstances({
  db,
  customerId,
  locale,
  status,
  page,
  pageSize,
}: TabRequest & { locale: Locale; status?: InstanceStatus }): Promise<Page<AdminCustomerInstance>> {
  await requireCustomer(db, customerId);
  const instances = await listInstances({
    db,
    userId: customerId,
    locale,
    query: { status },
    page,
    pageSize,
  });
  return { ...instances, items: instances.items.map(toAdminInstance) };
}

export async function listCustomerTrafficPackages({
  db,
  customerId,
  status,
  page,
  pageSize,
}: TabRequest & { status?: TrafficPackageStatus }): Promise<Page<TrafficPackage>> {
  await requireCustomer(db, customerId);
  const { items, total } = await listTrafficPackages({
    db,
    userId: customerId,
    status,
    page,
    pageSize,
  });
  return { items, total, page, pageSize };
}

export async function listCustomerSessions({
  db,
  config,
  customerId,
  page,
  pageSize,
}: TabRequest & { config: Config }): Promise<Page<AdminCustomerSession>> {
  await requireCustomer(db, customerId);
  return listUserSessions({ db, config, userId: customerId, page, pageSize });
}
