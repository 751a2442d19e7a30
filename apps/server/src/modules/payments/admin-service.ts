// Payments for operators: the list, one payment with its notify history, asking the provider
// (sync) and marking a payment paid by hand. Both writes credit through the one crediting path
// (creditPayment) and leave their audit entry in its transaction.
import {
  CURRENCY,
  fenToYuan,
  type AdminPayment,
  type AdminPaymentDetail,
  type EndpointData,
  type Page,
  type PaymentChannel,
  type PaymentNotification,
  type PaymentNotificationOutcome,
  type PaymentStatus,
  type ProviderTrade,
  type markAdminPaymentPaid,
  type syncAdminPayment,
} from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import { endOfBusinessDay, startOfBusinessDay } from '../../business-time.ts';
import { AppError } from '../../errors.ts';
import { diffChanges, recordAudit, type StaffActor } from '../audit/public.ts';
import { toLedgerEntry } from '../wallet/public.ts';
import {
  findAdminPayment,
  findPaymentByTradeNo,
  findTopUpLedgerEntry,
  listAdminPayments,
  listPaymentNotifications,
  type AdminPaymentFilter,
  type AdminPaymentRow,
} from './admin-repo.ts';
import type { PaymentChannels, TradeState } from './channels.ts';
import { creditPayment } from './crediting.ts';
import { isUuid } from './notifications.ts';
import { lockPayment, type PaymentNotificationRow, type PaymentRow } from './repo.ts';

function toAdminPayment({
  payment,
  customerEmail,
  notificationCount,
}: AdminPaymentRow): AdminPayment {
  return {
    id: payment.id,
    paymentNo: payment.paymentNo,
    customerId: payment.userId,
    customerEmail,
    channel: payment.channel,
    amount: fenToYuan(payment.amountFen),
    currency: CURRENCY,
    status: payment.status,
    providerTradeNo: payment.providerTradeNo,
    createdAt: payment.createdAt.toISOString(),
    expiresAt: payment.expiresAt.toISOString(),
    paidAt: payment.paidAt?.toISOString() ?? null,
    closedAt: payment.closedAt?.toISOString() ?? null,
    notificationCount,
  };
}

function toNotification(row: PaymentNotificationRow): PaymentNotification {
  return {
    id: row.id,
    channel: row.channel,
    outTradeNo: row.outTradeNo,
    providerTradeNo: row.providerTradeNo,
    tradeStatus: row.tradeStatus,
    amount: row.amountFen === null ? null : fenToYuan(row.amountFen),
    verified: row.verified,
    outcome: row.outcome as PaymentNotificationOutcome,
    reply: row.reply,
    receivedAt: row.receivedAt.toISOString(),
  };
}

export interface AdminPaymentQuery {
  page: number;
  pageSize: number;
  status?: PaymentStatus;
  channel?: PaymentChannel;
  customer?: string;
  tradeNo?: string;
  from?: string;
  to?: string;
}

function toFilter(query: AdminPaymentQuery): AdminPaymentFilter {
  const { customer, tradeNo } = query;
  return {
    status: query.status,
    channel: query.channel,
    ...(customer && isUuid(customer) ? { customerId: customer } : {}),
    ...(customer && !isUuid(customer) ? { customerEmailContains: customer } : {}),
    tradeNo,
    tradeNoIsPaymentId: tradeNo !== undefined && isUuid(tradeNo),
    createdFrom: query.from ? startOfBusinessDay(query.from) : undefined,
    // The end of a day is the start of the next one, excluded.
    createdBefore: query.to ? endOfBusinessDay(query.to) : undefined,
  };
}

export async function listPaymentsForOperator({
  db,
  query,
}: {
  db: Db;
  query: AdminPaymentQuery;
}): Promise<Page<AdminPayment>> {
  const { rows, total } = await listAdminPayments(db, toFilter(query), {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: rows.map(toAdminPayment), total, page: query.page, pageSize: query.pageSize };
}

async function requirePayment(db: Db, paymentId: string): Promise<AdminPaymentRow> {
  const row = await findAdminPayment(db, paymentId);
  if (!row) throw new AppError('paymentNotFound');
  return row;
}

export async function getPaymentForOperator({
  db,
  paymentId,
}: {
  db: Db;
  paymentId: string;
}): Promise<AdminPaymentDetail> {
  const row = await requirePayment(db, paymentId);
  const [notifications, ledgerEntry] = await Promise.all([
    listPaymentNotifications(db, paymentId),
    findTopUpLedgerEntry(db, row.payment),
  ]);
  return {
    payment: toAdminPayment(row),
    notifications: notifications.map(toNotification),
    // Shown as the ledger shows it: the payment number, not the id the row stores.
    ledgerEntry: ledgerEntry
      ? { ...toLedgerEntry(ledgerEntry), reference: row.payment.paymentNo }
      : null,
  };
}

/** The fields an operator's payment write changes, as the audit entry compares them. */
function auditedFields(payment: PaymentRow) {
  return {
    status: payment.status,
    providerTradeNo: payment.providerTradeNo,
    paidAt: payment.paidAt?.toISOString() ?? null,
  };
}

function toProviderTrade(trade: TradeState): ProviderTrade {
  return {
    state: trade.state,
    tradeNo: trade.tradeNo ?? null,
    amount: trade.amountFen === undefined ? null : fenToYuan(trade.amountFen),
    paidAt: trade.paidAt?.toISOString() ?? null,
  };
}

/**
 * Asks the payment's provider about its trade (no transaction open meanwhile) and, when the
 * provider says paid, credits it through the one crediting path, as its notification would have:
 * exactly once, however many syncs, notifications and expiry jobs race. Audited `payment.sync`
 * (the status before → after) in the transaction that locks the payment; a refused credit (another
 * amount) rolls back and leaves no entry.
 */
export async function syncPayment({
  db,
  channels,
  paymentId,
  actor,
  now = new Date(),
}: {
  db: Db;
  channels: PaymentChannels;
  paymentId: string;
  actor: StaffActor;
  now?: Date;
}): Promise<EndpointData<typeof syncAdminPayment>> {
  const { payment } = await requirePayment(db, paymentId);
  if (payment.channel === 'sandbox') throw new AppError('paymentSyncSandbox');
  const driver = channels.get(payment.channel);
  if (!driver) throw new AppError('paymentSyncChannelOff', { channel: payment.channel });
  let trade: TradeState;
  try {
    trade = await driver.queryTrade(payment);
  } catch (error) {
    throw new AppError('paymentProviderQueryFailed', {}, null, { cause: error });
  }
  const audit = (tx: Tx, before: PaymentRow, after: PaymentRow) =>
    recordAudit({
      tx,
      actor,
      action: 'payment.sync',
      target: { type: 'payment', id: paymentId },
      changes: diffChanges(auditedFields(before), auditedFields(after)),
    });
  let credited = false;
  if (trade.state === 'paid') {
    const result = await creditPayment({
      db,
      paymentId,
      // An answer without an amount matches no payment: refused as a mismatch.
      paidAmountFen: trade.amountFen ?? -1n,
      currency: trade.currency ?? CURRENCY,
      tradeNo: trade.tradeNo ?? null,
      paidAt: trade.paidAt,
      paidBy: 'provider',
      now,
      inTransaction: (tx, { before, payment: after }) => audit(tx, before, after),
    });
    credited = result.credited;
  } else {
    // Unpaid or closed there: nothing to credit; the expiry job settles what is due.
    await db.transaction(async (tx) => {
      const locked = await lockPayment(tx, paymentId);
      if (!locked) throw new AppError('paymentNotFound');
      await audit(tx, locked, locked);
    });
  }
  return {
    payment: toAdminPayment(await requirePayment(db, paymentId)),
    provider: toProviderTrade(trade),
    credited,
  };
}

/**
 * Credits a payment finance confirmed outside the system (the provider's records, a bank
 * statement), under the trade number they checked and a note saying why: through the one
 * crediting path, exactly once. A paid payment is refused (nothing changes), also when a
 * notification credits it while this waits for the row. A closed or expired payment is credited:
 * the money arrived all the same. Audited `payment.mark_paid` with the note as its reason, in the
 * credit's transaction.
 */
export async function markPaymentPaid({
  db,
  paymentId,
  tradeNo,
  note,
  actor,
  now = new Date(),
}: {
  db: Db;
  paymentId: string;
  tradeNo: string;
  note: string;
  actor: StaffActor;
  now?: Date;
}): Promise<EndpointData<typeof markAdminPaymentPaid>> {
  const { payment } = await requirePayment(db, paymentId);
  if (payment.status === 'paid') throw new AppError('paymentAlreadyPaid');
  const holder = await findPaymentByTradeNo(db, { channel: payment.channel, tradeNo });
  if (holder && holder.id !== paymentId) throw new AppError('paymentTradeNoTaken', { tradeNo });
  // Taken between this check and the credit: creditPayment answers the same refusal.
  await creditPayment({
    db,
    paymentId,
    paidAmountFen: payment.amountFen,
    currency: payment.currency,
    tradeNo,
    paidAt: now,
    paidBy: 'operator',
    now,
    inTransaction: async (tx, { credited, before, payment: after }) => {
      // Paid meanwhile (a notification, a sync, another operator): this one changes nothing.
      if (!credited) throw new AppError('paymentAlreadyPaid');
      await recordAudit({
        tx,
        actor,
        action: 'payment.mark_paid',
        target: { type: 'payment', id: paymentId },
        changes: diffChanges(auditedFields(before), auditedFields(after)),
        reason: note,
      });
    },
  });
  return { payment: toAdminPayment(await requirePayment(db, paymentId)) };
}
