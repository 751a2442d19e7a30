// Operator refunds of an order to the customer's wallet: a money move (money-move.ts) like every
// purchase, with the order locked, the refund recorded and audited, and what a full refund ends.
import { fenToYuan, type AdminOrderDetail, type Locale, type OrderRefund } from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import { AppError } from '../../errors.ts';
import { diffChanges, recordAudit, type StaffActor } from '../audit/public.ts';
import { lockInstanceDetails, takeBackRenewedDays } from '../instances/public.ts';
import { expireInstanceRows } from '../inventory/public.ts';
import { endTrafficPackagesOfOrder } from '../traffic/public.ts';
import { mailBalanceChanged } from '../wallet/public.ts';
import {
  addRefundedAmount,
  findOrderRefund,
  findRefundByKey,
  insertOrderRefund,
  listInstanceIdsCreatedBy,
  listInstanceIdsRenewedByOthers,
  lockOrder,
  setRefundKey,
} from './admin-repo.ts';
import { getAdminOrder, toOrderRefund } from './admin-service.ts';
import type { IdempotencyStore } from '../checkout/public.ts';
import {
  runMoneyMove,
  listOrderItems,
  type OrderItemRow,
  type OrderRow,
} from '../checkout/public.ts';

const HOUR_MS = 3_600_000;

/**
 * Refund keys are kept on the refunds of one order (`order_refunds`, unique per order). The claim
 * locks the order first: a second request with the same key waits there for the first to end,
 * then finds its refund.
 */
function refundKeyStore(orderId: string): IdempotencyStore {
  return {
    async claim(tx, { key }) {
      await lockOrder(tx, orderId);
      const earlier = await findRefundByKey(tx, { orderId, key });
      return earlier && { requestHash: earlier.requestHash ?? '', resultId: earlier.id };
    },
    async complete(tx, { key, requestHash, resultId }) {
      await setRefundKey(tx, { refundId: resultId, key, requestHash });
    },
  };
}

/** What a full refund takes back, locked before any money moves (the purchase lock order). */
interface Delivery {
  /** Live instances a static-IP order created (with their addresses) that end now. */
  instances: { id: string; ipAddressId: string }[];
  /**
   * Live instances a static-IP order created that a later renewal order (not fully refunded)
   * extended: they keep that paid time and lose only the days this order bought.
   */
  shortened: { instanceId: string; days: number }[];
  /** Lines of a renewal order: the instances renewed and the days each got. */
  renewals: OrderItemRow[];
}

async function lockDelivery(tx: Tx, order: OrderRow): Promise<Delivery> {
  if (order.type === 'static_ip') {
    const instanceIds = await listInstanceIdsCreatedBy(tx, order.id);
    const details = instanceIds.length
      ? await lockInstanceDetails(tx, { userId: order.userId, instanceIds })
      : [];
    const live = details.filter(({ instance }) => instance.status === 'active');
    const renewed = await listInstanceIdsRenewedByOthers(tx, {
      orderId: order.id,
      instanceIds: live.map(({ instance }) => instance.id),
    });
    // The period this order bought: the shortest of its lines, never more than it paid for.
    const items = await listOrderItems(tx, [order.id]);
    const days = Math.min(...items.map((item) => item.durationDays));
    return {
      instances: live
        .filter(({ instance }) => !renewed.has(instance.id))
        .map(({ instance }) => ({ id: instance.id, ipAddressId: instance.ipAddressId })),
      shortened: [...renewed].map((instanceId) => ({ instanceId, days })),
      renewals: [],
    };
  }
  if (order.type === 'renewal') {
    const renewals = (await listOrderItems(tx, [order.id])).filter((item) => item.instanceId);
    const instanceIds = renewals.map((item) => item.instanceId!);
    if (instanceIds.length) await lockInstanceDetails(tx, { userId: order.userId, instanceIds });
    return { instances: [], shortened: [], renewals };
  }
  return { instances: [], shortened: [], renewals: [] };
}

/** Ends what a fully refunded order delivered (see `refundOrder`). */
async function takeBackDelivery(
  tx: Tx,
  {
    order,
    delivery,
    now,
    cooldownHours,
  }: {
    order: OrderRow;
    delivery: Delivery;
    now: Date;
    cooldownHours: number;
  },
): Promise<void> {
  switch (order.type) {
    case 'static_ip':
      await expireInstanceRows(tx, {
        instances: delivery.instances,
        expiresAt: now,
        coolingUntil: new Date(now.getTime() + cooldownHours * HOUR_MS),
      });
      for (const { instanceId, days } of delivery.shortened) {
        await takeBackRenewedDays(tx, { instanceId, days, now });
      }
      return;
    case 'renewal':
      for (const item of delivery.renewals) {
        await takeBackRenewedDays(tx, {
          instanceId: item.instanceId!,
          days: item.durationDays,
          now,
        });
      }
      return;
    case 'traffic':
      await endTrafficPackagesOfOrder(tx, { orderId: order.id, now });
      return;
  }
}

/** The fields of an order a refund changes, as the audit log shows them. */
function refundSnapshot(order: OrderRow) {
  return { status: order.status, refunded: fenToYuan(order.refundedFen) };
}

/**
 * Refunds `amountFen` of an order (everything not yet refunded when left out) to its customer's
 * wallet, in ONE transaction: the order locked, the credit with its ledger row (type `refund`,
 * the order number as reference, the reason as note), one `order_refunds` row, the order's
 * refunded amount and status, what a full refund ends, and the audit entry `order.refund`.
 *
 * Never more than total − refunded across all refunds: the lock makes refunds of one order queue
 * and each read what the last one committed, and the table's CHECK backs it. A refund that leaves
 * nothing refundable is full: a static-IP order's live instances expire now and their IPs cool
 * down before returning to the pool, a traffic order's package ends, a renewal order's instances
 * lose the days it added (not earlier than now). A refund takes back only what its order paid
 * for: a static-IP instance a later renewal order (not itself fully refunded) extended stays
 * live and loses the days the refunded order bought (not earlier than now), as a refunded
 * renewal's instance does. A partial refund moves money only.
 *
 * Throws `orderNotFound`, `orderNotRefundable` (a zero total), `orderAlreadyRefunded`,
 * `refundExceedsRefundable` or `idempotencyKeyReused`, having changed nothing.
 */
export async function refundOrder({
  db,
  actor,
  orderId,
  amountFen,
  reason,
  idempotencyKey,
  cooldownHours,
  locale,
  now = new Date(),
}: {
  db: Db;
  actor: StaffActor;
  orderId: string;
  /** Left out: the whole rest. */
  amountFen?: bigint;
  reason: string;
  idempotencyKey?: string;
  /** How long a refunded static IP cools down before it is sold again. */
  cooldownHours: number;
  locale: Locale;
  now?: Date;
}): Promise<{ refund: OrderRefund; order: AdminOrderDetail }> {
  const refundId = await runMoneyMove({
    db,
    idempotency:
      idempotencyKey === undefined
        ? undefined
        : {
            key: idempotencyKey,
            fingerprint: ['refund', amountFen?.toString() ?? null, reason],
            store: refundKeyStore(orderId),
          },
    price: async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order) throw new AppError('orderNotFound');
      if (order.totalFen === 0n) throw new AppError('orderNotRefundable');
      const refundableFen = order.totalFen - order.refundedFen;
      if (refundableFen === 0n) throw new AppError('orderAlreadyRefunded');
      const refundFen = amountFen ?? refundableFen;
      if (refundFen > refundableFen) {
        throw new AppError('refundExceedsRefundable', {
          refundable: fenToYuan(refundableFen).toFixed(2),
        });
      }
      const full = refundFen === refundableFen;
      return {
        userId: order.userId,
        amountFen: refundFen,
        ledgerType: 'refund' as const,
        reference: order.orderNo,
        note: reason,
        order,
        full,
        delivery: full ? await lockDelivery(tx, order) : undefined,
      };
    },
    record: async (tx, { priced: { order, amountFen: refundFen, full }, ledgerEntry }) => {
      const refund = await insertOrderRefund(tx, {
        orderId: order.id,
        amountFen: refundFen,
        reason,
        full,
        staffId: actor.kind === 'staff' ? actor.userId : null,
        ledgerEntryId: ledgerEntry.id,
      });
      const refunded = await addRefundedAmount(tx, { orderId: order.id, amountFen: refundFen });
      await mailBalanceChanged(tx, { kind: 'refund', entry: ledgerEntry, reason });
      return { id: refund.id, refunded };
    },
    fulfil: async (tx, { priced: { order, delivery }, recorded: { refunded } }) => {
      if (delivery) await takeBackDelivery(tx, { order, delivery, now, cooldownHours });
      await recordAudit({
        tx,
        actor,
        action: 'order.refund',
        target: { type: 'order', id: order.id },
        changes: diffChanges(refundSnapshot(order), refundSnapshot(refunded)),
        reason,
      });
    },
  });

  const refund = await findOrderRefund(db, refundId);
  if (!refund) throw new Error(`refund ${refundId} vanished`);
  return { refund: toOrderRefund(refund), order: await getAdminOrder({ db, orderId, locale }) };
}
