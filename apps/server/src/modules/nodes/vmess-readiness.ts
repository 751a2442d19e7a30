import { gatewayNodes, sql, type SQL } from '@stratus/db';
import type { V2rayState } from '@stratus/contract';

/**
 * The V2Ray states in which a node cannot serve vmess: it failed to start or exited (`failed`),
 * or the node has no V2Ray at all (`absent`). `running` serves; `stopped` is idle only because no
 * IP of the node sells vmess yet, and starts with the first that does; a node that has not sent a
 * heartbeat yet is not judged.
 */
export const VMESS_UNSERVED_STATES: readonly V2rayState[] = ['failed', 'absent'];

/**
 * True (in SQL) when the node `nodeId` names cannot serve vmess, by its latest heartbeat: the
 * catalog, the IP list and the exports then mark vmess unavailable there instead of offering it.
 */
export function vmessUnservedOn(nodeId: SQL | unknown): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from ${gatewayNodes}
    where ${gatewayNodes.id} = ${nodeId}
      and ${gatewayNodes.lastHeartbeat} ->> 'v2rayState' in (${sql.join(
        VMESS_UNSERVED_STATES.map((state) => sql`${state}`),
        sql`, `,
      )})
  )`;
}
