// Test fixtures for the traffic suites: plans inserted directly, each of its own size.
import { trafficPlans, type Db } from '@stratus/db';

let sizeCounter = 0;

/** A traffic plan; without `gb` each call gets a GB size no other fixture plan has. */
export async function seedTrafficPlan(
  db: Db,
  {
    gb,
    validityDays = 30,
    priceFen = 1_500n,
    active = true,
  }: { gb?: number; validityDays?: number; priceFen?: bigint; active?: boolean } = {},
): Promise<typeof trafficPlans.$inferSelect> {
  sizeCounter += 1;
  const [plan] = await db
    .insert(trafficPlans)
    .values({ gb: gb ?? 1000 + sizeCounter, validityDays, priceFen, active })
    .returning();
  if (!plan) throw new Error('fixture insert returned no row');
  return plan;
}
