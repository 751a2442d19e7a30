// Queries of an import: which addresses the pool already holds, and the insert of new ones.
import {
  eq,
  gatewayNodes,
  inArray,
  ipAddresses,
  type Db,
  type IpAddressStatus,
  type LineTypeKind,
  type Tx,
} from '@stratus/db';
import { toStatusOf } from './ip-transition-sql.ts';
import { announceChange, catalogChanged } from '../../change-notifications.ts';

/** Keeps each statement's parameter count well inside PostgreSQL's limit. */
const BATCH = 500;

export interface PooledAddress {
  address: string;
  nodeId: string;
  nodeName: string;
  status: IpAddressStatus;
}

/** The addresses among `addresses` the pool already holds, on any node. */
export async function findPooledAddresses(db: Db, addresses: string[]): Promise<PooledAddress[]> {
  const found: PooledAddress[] = [];
  for (let start = 0; start < addresses.length; start += BATCH) {
    found.push(
      ...(await db
        .select({
          address: ipAddresses.address,
          nodeId: ipAddresses.nodeId,
          nodeName: gatewayNodes.name,
          status: ipAddresses.status,
        })
        .from(ipAddresses)
        .innerJoin(gatewayNodes, eq(gatewayNodes.id, ipAddresses.nodeId))
        .where(inArray(ipAddresses.address, addresses.slice(start, start + BATCH)))),
    );
  }
  return found;
}

export interface NewIpAddress {
  nodeId: string;
  address: string;
  port: number;
  vmessPort: number;
  regionId: string;
  lineType: LineTypeKind;
}

/**
 * Inserts the addresses not yet in the pool (the address is unique: one another transaction
 * added meanwhile is left alone); answers the addresses inserted.
 */
export async function insertNewIpAddresses(tx: Tx, rows: NewIpAddress[]): Promise<string[]> {
  const inserted: string[] = [];
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = await tx
      .insert(ipAddresses)
      // The table's `import`: a new address is on sale.
      .values(rows.slice(start, start + BATCH).map((row) => ({ ...row, ...toStatusOf('import') })))
      .onConflictDoNothing({ target: ipAddresses.address })
      .returning({ address: ipAddresses.address });
    inserted.push(...batch.map((row) => row.address));
  }
  if (inserted.length > 0) await announceChange(tx, catalogChanged);
  return inserted;
}
