// Balance adjustments: an operator corrects a customer's balance with a reason. It moves money
// only through changeBalance (ledger type `adjustment`, the reason as its note, the adjustment id
// as its reference), in one transaction with the adjustment row and the audit entry. Above the
// approval threshold it waits for a second operator, and applies exactly once when approved.
import {
  fenToYuan,
  type BalanceAdjustment,
  type BalanceAdjustmentStatus,
  type Page,
} from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, type StaffActor } from '../audit/public.ts';
import { findCustomer } from '../customers/public.ts';
import { queueStaffMail, mailYuan } from '../messages/public.ts';
import { changeBalance, findWallet, mailBalanceChanged } from '../wallet/public.ts';
import {
  countAdjustments,
  decideAdjustment,
  insertAdjustment,
  listAdjustmentViews,
  lockAdjustment,
  type AdjustmentFilter,
  type AdjustmentView,
} from './repo.ts';

function toBalanceAdjustment(view: AdjustmentView): BalanceAdjustment {
  return {
    id: view.id,
    customerId: view.userId,
    customerEmail: view.customerEmail,
    amount: fenToYuan(view.amountFen),
    reason: view.reason,
    status: view.status,
    requestedById: view.requestedBy,
    requestedByEmail: view.requestedByEmail,
    decidedById: view.decidedBy,
    decidedByEmail: view.decidedByEmail,
    decidedAt: view.decidedAt?.toISOString() ?? null,
    balanceAfter: view.balanceAfterFen === null ? null : fenToYuan(view.balanceAfterFen),
    createdAt: view.createdAt.toISOString(),
  };
}

async function getAdjustment(db: Db, id: string): Promise<BalanceAdjustment> {
  const [view] = await listAdjustmentViews(db, { id }, { limit: 1, offset: 0 });
  if (!view) throw new AppError('adjustmentNotFound');
  return toBalanceAdjustment(view);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listAdjustments({
  db,
  query,
}: {
  db: Db;
  query: { status?: BalanceAdjustmentStatus; customer?: string; page: number; pageSize: number };
}): Promise<Page<BalanceAdjustment>> {
  const { status, customer, page, pageSize } = query;
  const filter: AdjustmentFilter = { status };
  if (customer && UUID.test(customer)) filter.customerId = customer.toLowerCase();
  else if (customer) filter.customerEmailPart = customer;
  const [views, total] = await Promise.all([
    listAdjustmentViews(db, filter, { limit: pageSize, offset: (page - 1) * pageSize }),
    countAdjustments(db, filter),
  ]);
  return { items: views.map(toBalanceAdjustment), total, page, pageSize };
}

/**
 * Moves the money of an adjustment inside `tx`. A debit the balance does not cover is refused
 * with the balance and the amount in the message; the caller's transaction then rolls back.
 */
async function applyToBalance(
  tx: Tx,
  {
    adjustmentId,
    userId,
    amountFen,
    reason,
  }: {
    adjustmentId: string;
    userId: string;
    amountFen: bigint;
    reason: string;
  },
) {
  try {
    const entry = await changeBalance({
      tx,
      userId,
      amountFen,
      type: 'adjustment',
      // The reason is the note the customer reads in 账单流水, as written: on an `adjustment`
      // row no text is ever taken for a code (ledger-labels.ts).
      note: reason,
      reference: adjustmentId,
    });
    await mailBalanceChanged(tx, { kind: 'adjustment', entry, reason });
    return entry;
  } catch (error) {
    if (!(error instanceof AppError) || error.kind !== 'insufficientBalance') throw error;
    const wallet = await findWallet(tx, userId);
    throw new AppError('adjustmentExceedsBalance', {
      balance: fenToYuan(wallet?.balanceFen ?? 0n).toFixed(2),
      amount: fenToYuan(-amountFen).toFixed(2),
    });
  }
}

/** The operator's user id, or null for the command line. */
function actorId(actor: StaffActor): string | null {
  return actor.kind === 'staff' ? actor.userId : null;
}

/**
 * Asks for an adjustment of a customer's balance. Up to the approval threshold (either sign) it
 * applies at once; above it, it is recorded as pending and nothing moves until another operator
 * approves it.
 */
export async function requestAdjustment({
  db,
  config,
  actor,
  customerId,
  amountFen,
  reason,
}: {
  db: Db;
  config: Config;
  actor: StaffActor;
  customerId: string;
  /** Signed, non-zero (the contract refuses zero). */
  amountFen: bigint;
  reason: string;
}): Promise<BalanceAdjustment> {
  const absolute = amountFen < 0n ? -amountFen : amountFen;
  const needsApproval = absolute > config.adjustmentApprovalThresholdFen;
  const id = randomUUID();
  await db.transaction(async (tx) => {
    if (!(await findCustomer(tx, customerId))) throw new AppError('customerNotFound');
    if (needsApproval) {
      await insertAdjustment(tx, {
        id,
        userId: customerId,
        amountFen,
        reason,
        status: 'pending',
        requestedBy: actorId(actor),
      });
      // Whoever may approve it is told, in the request's transaction.
      await queueStaffMail(tx, {
        permission: 'balance.approve',
        template: 'adjustment.pending',
        values: { amount: `${amountFen > 0n ? '+' : ''}${mailYuan(amountFen)}`, reason },
        data: { adjustmentId: id, customerId, amountFen: amountFen.toString(), reason },
        path: '/admin/adjustments',
        dedupeKey: `adjustment.pending:${id}`,
      });
      await recordAudit({
        tx,
        actor,
        action: 'balance.request',
        target: { type: 'balance_adjustment', id },
        changes: {
          customer: { before: null, after: customerId },
          amount: { before: null, after: fenToYuan(amountFen) },
          status: { before: null, after: 'pending' },
        },
        reason,
      });
      return;
    }
    const entry = await applyToBalance(tx, {
      adjustmentId: id,
      userId: customerId,
      amountFen,
      reason,
    });
    await insertAdjustment(tx, {
      id,
      userId: customerId,
      amountFen,
      reason,
      status: 'applied',
      requestedBy: actorId(actor),
      decidedAt: entry.createdAt,
      ledgerEntryId: entry.id,
    });
    await recordAudit({
      tx,
      actor,
      action: 'balance.adjust',
      target: { type: 'balance_adjustment', id },
      changes: {
        customer: { before: null, after: customerId },
        amount: { before: null, after: fenToYuan(amountFen) },
        status: { before: null, after: 'applied' },
        balance: {
          before: fenToYuan(entry.balanceAfterFen - amountFen),
          after: fenToYuan(entry.balanceAfterFen),
        },
      },
      reason,
    });
  });
  return getAdjustment(db, id);
}

/**
 * Approves or rejects a pending adjustment. The row is locked first, so of two decisions racing
 * the second finds it decided (`adjustmentNotPending`) and an approval applies exactly once.
 * Only another operator than the one who asked may decide (a CHECK holds it in the table too).
 */
export async function decideOnAdjustment({
  db,
  actor,
  id,
  approve,
  reason = '',
}: {
  db: Db;
  actor: StaffActor;
  id: string;
  approve: boolean;
  reason?: string;
}): Promise<BalanceAdjustment> {
  await db.transaction(async (tx) => {
    const adjustment = await lockAdjustment(tx, id);
    if (!adjustment) throw new AppError('adjustmentNotFound');
    if (adjustment.status !== 'pending') throw new AppError('adjustmentNotPending');
    const decidedBy = actorId(actor);
    if (decidedBy !== null && adjustment.requestedBy === decidedBy) {
      throw new AppError('adjustmentOwnRequest');
    }
    if (!approve) {
      await decideAdjustment(tx, { id, status: 'rejected', decidedBy });
      await recordAudit({
        tx,
        actor,
        action: 'balance.reject',
        target: { type: 'balance_adjustment', id },
        changes: { status: { before: 'pending', after: 'rejected' } },
        reason,
      });
      return;
    }
    // A customer made staff meanwhile is no longer a customer: the request lapses with a 404.
    if (!(await findCustomer(tx, adjustment.userId))) throw new AppError('customerNotFound');
    const { amountFen, userId } = adjustment;
    const entry = await applyToBalance(tx, {
      adjustmentId: id,
      userId,
      amountFen,
      reason: adjustment.reason,
    });
    await decideAdjustment(tx, { id, status: 'applied', decidedBy, ledgerEntryId: entry.id });
    await recordAudit({
      tx,
      actor,
      action: 'balance.approve',
      target: { type: 'balance_adjustment', id },
      changes: {
        status: { before: 'pending', after: 'applied' },
        balance: {
          before: fenToYuan(entry.balanceAfterFen - amountFen),
          after: fenToYuan(entry.balanceAfterFen),
        },
      },
    });
  });
  return getAdjustment(db, id);
}
