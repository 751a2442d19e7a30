// IP replacement: a live instance moves to another available address of its plan, keeping
// everything else (expiry, credentials, vmess id, protocols, remark, auto-renew).
import { mailPlace, type Instance, type Locale } from '@stratus/contract';
import type { Db, Tx } from '@stratus/db';
import { formatBusinessTime, startOfBusinessMonth } from '../../business-time.ts';
import { announceChange, catalogChanged } from '../../change-notifications.ts';
import { AppError } from '../../errors.ts';
import {
  claimOrReplay,
  purchaseKeyStore,
  requestFingerprint,
  generateOrderNo,
  ORDER_NUMBER_INDEX,
  retryOnNumberClash,
  insertOrder,
  insertOrderItems,
} from '../checkout/public.ts';
import { allocateAvailableIps, coolDownLeftAddress } from '../inventory/public.ts';
import { mailTime, queueUserMail } from '../messages/public.ts';
import { findInstanceDetail } from './repo.ts';
import {
  insertReplacement,
  listReplacementQuotas,
  lockOwnInstance,
  moveInstanceToAddress,
} from './replacement-repo.ts';
import { judgeReplacement } from './replacement-rules.ts';
import { getInstance, isFlaggedForReplacement } from './service.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The replacement itself, inside `tx`; resolves with the `replacement` order's id. */
async function replaceLockedInstance(
  tx: Tx,
  {
    userId,
    instanceId,
    cooldownHours,
    now,
  }: { userId: string; instanceId: string; cooldownHours: number; now: Date },
): Promise<string> {
  // Another user's instance answers exactly like a missing one.
  if (!(await lockOwnInstance(tx, { userId, instanceId }))) {
    throw new AppError('instanceNotFound');
  }
  const detail = await findInstanceDetail(tx, { userId, instanceId });
  if (!detail) throw new AppError('instanceNotFound');
  const { instance, ip, region } = detail;
  if (instance.status !== 'active' || instance.expiresAt <= now) {
    throw new AppError('instanceNotLive');
  }
  const quota = (
    await listReplacementQuotas(tx, {
      instanceIds: [instanceId],
      monthStart: startOfBusinessMonth(now),
    })
  ).get(instanceId) ?? { perMonth: 0, used: 0, planId: null };
  const { free, allowed } = judgeReplacement({
    purchasedAt: instance.createdAt,
    flaggedForReplacement: isFlaggedForReplacement({ instance, ip }),
    now,
    perMonth: quota.perMonth,
    used: quota.used,
  });
  if (!allowed) {
    throw new AppError('replacementQuotaExhausted', {
      quota: quota.perMonth,
      resetsAt: formatBusinessTime(startOfBusinessMonth(now, 1)).slice(0, 10),
    });
  }

  const [newIp] = await allocateAvailableIps(tx, {
    regionId: ip.regionId,
    lineType: ip.lineType,
    count: 1,
  });
  if (!newIp) throw new AppError('insufficientStock', { requested: 1, available: 0 });
  // Stock went down: every server's catalog drops its counts when this commits.
  await announceChange(tx, catalogChanged);
  await coolDownLeftAddress(tx, {
    ipAddressId: ip.id,
    coolingUntil: new Date(now.getTime() + cooldownHours * HOUR_MS),
  });
  await moveInstanceToAddress(tx, { instanceId, ipAddressId: newIp.id });

  const order = await insertOrder(tx, {
    orderNo: generateOrderNo({ type: 'replacement', now }),
    userId,
    type: 'replacement',
    totalFen: 0n,
  });
  await insertOrderItems(tx, [
    {
      orderId: order.id,
      kind: 'static_ip',
      planId: quota.planId,
      instanceId,
      country: region.country,
      countryNameZh: region.countryNameZh,
      countryNameEn: region.countryNameEn,
      cityNameZh: region.cityNameZh,
      cityNameEn: region.cityNameEn,
      lineType: ip.lineType,
      // The days the instance still runs on its new address (a line needs a positive count).
      durationDays: Math.max(1, Math.ceil((instance.expiresAt.getTime() - now.getTime()) / DAY_MS)),
      quantity: 1,
      unitPriceFen: 0n,
      amountFen: 0n,
    },
  ]);
  await insertReplacement(tx, {
    instanceId,
    userId,
    orderId: order.id,
    fromIpAddressId: ip.id,
    toIpAddressId: newIp.id,
    free,
    createdAt: now,
  });
  await queueUserMail(tx, {
    userId,
    template: 'instance.replaced',
    values: (locale) => ({
      oldIp: ip.address,
      newIp: newIp.address,
      location: mailPlace(region, locale),
      expiresAt: mailTime(instance.expiresAt),
    }),
    data: {
      instanceId,
      orderId: order.id,
      oldIp: ip.address,
      newIp: newIp.address,
      free,
      expiresAt: instance.expiresAt.toISOString(),
    },
    path: '/console/ipList',
    dedupeKey: `instance.replaced:${userId}:${order.id}`,
  });
  return order.id;
}

/**
 * Replaces the caller's instance's address in ONE transaction: lock the instance (two
 * replacements of it queue here, so the quota is counted once each), judge free / counted /
 * refused, claim an available address of the same region and line type (SKIP LOCKED, as
 * purchases), mark it allocated, cool the old one down, move the instance, and write the ¥0
 * `replacement` order, its line and the `instance_replacements` row.
 *
 * With `idempotencyKey`, a repeat of the same request replaces nothing and answers the instance.
 */
export async function replaceInstance({
  db,
  userId,
  instanceId,
  locale,
  reason,
  idempotencyKey,
  cooldownHours,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  instanceId: string;
  locale: Locale;
  reason?: string;
  idempotencyKey?: string;
  cooldownHours: number;
  now?: Date;
}): Promise<Instance> {
  const work = { userId, instanceId, cooldownHours, now };
  // Its ¥0 order draws an order number; one taken meanwhile runs it all again with another.
  await retryOnNumberClash(ORDER_NUMBER_INDEX, () =>
    db.transaction(async (tx) => {
      if (idempotencyKey !== undefined) {
        const claim = {
          store: purchaseKeyStore(userId),
          key: idempotencyKey,
          // Starts with the operation's name: a purchase's key never replays a replacement.
          requestHash: requestFingerprint(['replacement', instanceId.toLowerCase(), reason ?? '']),
        };
        if (await claimOrReplay(tx, claim)) return;
        const orderId = await replaceLockedInstance(tx, work);
        await claim.store.complete(tx, { ...claim, resultId: orderId });
        return;
      }
      await replaceLockedInstance(tx, work);
    }),
  );
  return getInstance({ db, userId, instanceId, locale, now });
}
