// A customer's connectivity check of an instance: this side makes sure the instance is theirs and
// live; the check itself is the nodes' (nodes/checks.ts), whose poll picks it up.
import type { InstanceCheck } from '@stratus/contract';
import type { Db } from '@stratus/db';
import { deliverChangeLocally, type Change } from '../../change-notifications.ts';
import { AppError } from '../../errors.ts';
import { startInstanceCheck } from '../nodes/public.ts';
import { findInstanceDetail } from './repo.ts';
import { lockOwnInstance } from './replacement-repo.ts';

export { getInstanceCheck } from '../nodes/public.ts';

/**
 * Starts a check of the caller's live instance on its address's node, or answers the one still
 * pending. The instance row is locked, so two requests at once start one check and count right.
 * A new check wakes the node's held poll, on this server at once and on the others at commit.
 */
export async function createInstanceCheck({
  db,
  userId,
  instanceId,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  instanceId: string;
  now?: Date;
}): Promise<InstanceCheck> {
  let asked: Change | null = null;
  const check = await db.transaction(async (tx) => {
    if (!(await lockOwnInstance(tx, { userId, instanceId }))) {
      throw new AppError('instanceNotFound');
    }
    const detail = await findInstanceDetail(tx, { userId, instanceId });
    if (!detail) throw new AppError('instanceNotFound');
    if (detail.instance.status !== 'active' || detail.instance.expiresAt <= now) {
      throw new AppError('instanceNotLive');
    }
    const started = await startInstanceCheck(tx, {
      userId,
      instanceId,
      nodeId: detail.ip.nodeId,
      now,
    });
    asked = started.asked;
    return started.check;
  });
  if (asked) deliverChangeLocally(db, asked);
  return check;
}
