// Queries behind gateway nodes and their keys.
import { eq, gatewayNodes, type Db } from '@stratus/db';

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
