// Queries behind gateway nodes and their keys.
import type { GatewayNodeStatus } from '@stratus/contract';
import { eq, gatewayNodes, type Db, type Tx } from '@stratus/db';

export type GatewayNodeRow = typeof gatewayNodes.$inferSelect;

/** The new node, or undefined when the name is taken. */
export async function insertGatewayNode(
  db: Db,
  values: { name: string; host: string; apiKeyHash: string },
): Promise<GatewayNodeRow | undefined> {
  const [row] = await db
    .insert(gatewayNodes)
    .values(values)
    .onConflictDoNothing({ target: gatewayNodes.name })
    .returning();
  return row;
}

export async function findGatewayNodeByName(
  db: Db,
  name: string,
): Promise<GatewayNodeRow | undefined> {
  const [row] = await db.select().from(gatewayNodes).where(eq(gatewayNodes.name, name));
  return row;
}

/** The node whose key hashes to `apiKeyHash` (unique), whatever its status. */
export async function findGatewayNodeByKeyHash(
  db: Db,
  apiKeyHash: string,
): Promise<GatewayNodeRow | undefined> {
  const [row] = await db.select().from(gatewayNodes).where(eq(gatewayNodes.apiKeyHash, apiKeyHash));
  return row;
}

/** Replaces the node's key hash; false when no node has this name. */
export async function replaceGatewayNodeKey(
  db: Db,
  { name, apiKeyHash }: { name: string; apiKeyHash: string },
): Promise<boolean> {
  const rows = await db
    .update(gatewayNodes)
    .set({ apiKeyHash })
    .where(eq(gatewayNodes.name, name))
    .returning({ id: gatewayNodes.id });
  return rows.length > 0;
}

export async function findGatewayNodeById(db: Db, id: string): Promise<GatewayNodeRow | undefined> {
  const [row] = await db.select().from(gatewayNodes).where(eq(gatewayNodes.id, id));
  return row;
}

/** The node, locked until the transaction ends (a write about it waits for another's). */
export async function lockGatewayNode(tx: Tx, id: string): Promise<GatewayNodeRow | undefined> {
  const [row] = await tx.select().from(gatewayNodes).where(eq(gatewayNodes.id, id)).for('update');
  return row;
}

export async function updateGatewayNode(
  tx: Tx,
  id: string,
  values: { apiKeyHash?: string; status?: GatewayNodeStatus },
): Promise<GatewayNodeRow> {
  const [row] = await tx
    .update(gatewayNodes)
    .set(values)
    .where(eq(gatewayNodes.id, id))
    .returning();
  if (!row) throw new Error(`gateway node ${id} vanished while locked`);
  return row;
}
