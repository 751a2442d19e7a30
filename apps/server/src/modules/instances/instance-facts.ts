// The figures an instance shows beyond its own row: 30-day usage and replacements left this month.
// Read for a whole page at once (two grouped queries), never one query per row.
import type { Db } from '@stratus/db';
import { startOfBusinessMonth } from '../../business-time.ts';
import {
  listReplacementQuotas,
  listVmessUnservedInstances,
  sumInstanceUsageSince,
} from './replacement-repo.ts';
import { replacementsLeft } from './replacement-rules.ts';

const USAGE_WINDOW_MS = 30 * 86_400_000;

export interface InstanceFacts {
  usage30Days: bigint;
  replacementsLeftThisMonth: number;
  /** Its node cannot serve vmess now (V2Ray failed or absent). */
  vmessUnserved: boolean;
}

export const NO_FACTS: InstanceFacts = {
  usage30Days: 0n,
  replacementsLeftThisMonth: 0,
  vmessUnserved: false,
};

/**
 * The figures of an instance its purchase has just created, without reading them: no usage can
 * be recorded for an instance before it exists, and no replacement made, so the month's whole
 * quota is left. `loadInstanceFacts` reads the same for it (the purchase tests compare the two).
 */
export function newInstanceFacts({ replacementsPerMonth }: { replacementsPerMonth: number }) {
  return {
    usage30Days: 0n,
    replacementsLeftThisMonth: replacementsLeft({ perMonth: replacementsPerMonth, used: 0 }),
    vmessUnserved: false,
  } satisfies InstanceFacts;
}

export async function loadInstanceFacts(
  db: Db,
  { instanceIds, now }: { instanceIds: string[]; now: Date },
): Promise<Map<string, InstanceFacts>> {
  // One after the other: `db` may be a transaction, which runs one query at a time.
  const usage = await sumInstanceUsageSince(db, {
    instanceIds,
    since: new Date(now.getTime() - USAGE_WINDOW_MS),
  });
  const quotas = await listReplacementQuotas(db, {
    instanceIds,
    monthStart: startOfBusinessMonth(now),
  });
  const vmessUnserved = await listVmessUnservedInstances(db, instanceIds);
  return new Map(
    instanceIds.map((id) => {
      const quota = quotas.get(id);
      return [
        id,
        {
          usage30Days: usage.get(id) ?? 0n,
          replacementsLeftThisMonth: quota ? replacementsLeft(quota) : 0,
          vmessUnserved: vmessUnserved.has(id),
        },
      ];
    }),
  );
}
