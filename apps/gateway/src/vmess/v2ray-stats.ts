// Reads V2Ray's per-user traffic counters from the text `v2ctl api … StatsService.QueryStats`
// prints (protobuf text format). A counter at zero is printed without its `value` line.
export interface UserTraffic {
  /** The client's email: the instance id. */
  user: string;
  up: number;
  down: number;
}

const STAT = /name:\s*"user>>>(.+?)>>>traffic>>>(uplink|downlink)"(?:\s*value:\s*(\d+))?/g;

export function parseUserTraffic(text: string): UserTraffic[] {
  const byUser = new Map<string, UserTraffic>();
  for (const [, user, direction, value] of text.matchAll(STAT)) {
    const bytes = Number(value ?? 0);
    let traffic = byUser.get(user!);
    if (!traffic) {
      traffic = { user: user!, up: 0, down: 0 };
      byUser.set(user!, traffic);
    }
    if (direction === 'uplink') traffic.up += bytes;
    else traffic.down += bytes;
  }
  return [...byUser.values()];
}
