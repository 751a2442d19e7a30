// Ids and numbers the API has handed out, remembered so later fuzz requests can name real
// records and get past "not found" into the services.

/**
 * Values seen in earlier answers: ids of real records by the property that held them (`''`
 * holds every id), and integers by property name.
 */
export interface Pools {
  ids: Map<string, string[]>;
  integers: Map<string, number[]>;
}

/**
 * The record an operation's path is about, from its last segment before any parameter:
 * `/api/orders/{id}` and `/api/orders` are about an `order`, `/api/proxy/instances` an `instance`.
 * An `{id}` parameter takes ids remembered as `orderId`, `instanceId`…
 */
export function recordOf(path: string): string {
  const segment = path.split('/{')[0]?.split('/').pop() ?? '';
  return segment
    .replace(/s$/, '')
    .replace(/-(\w)/g, (_whole, letter: string) => letter.toUpperCase());
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function remember<T>(pool: Map<string, T[]>, key: string, value: T, limit: number): void {
  const known = pool.get(key) ?? [];
  if (!known.includes(value) && known.length < limit) pool.set(key, [...known, value]);
}

/**
 * Remembers ids and integers of an answer so later requests can name real records: an id under
 * its property (`planId`; `instanceIds` also as `instanceId`), a record's own `id` under the
 * record's name (`order.id` as `orderId`; list items by their list's path), and among all ids.
 */
function harvest(value: unknown, pools: Pools, key = '', owner = ''): void {
  if (typeof value === 'string' && UUID.test(value)) {
    remember(pools.ids, '', value, 80);
    remember(pools.ids, key === 'id' && owner ? `${owner}Id` : key, value, 20);
    if (key.endsWith('Ids')) remember(pools.ids, key.slice(0, -1), value, 20);
  } else if (typeof value === 'number' && Number.isSafeInteger(value) && key) {
    remember(pools.integers, key, value, 8);
  } else if (Array.isArray(value)) {
    for (const item of value.slice(0, 20)) harvest(item, pools, key, owner);
  } else if (value && typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) {
      harvest(item, pools, name, ['items', 'data', ''].includes(key) ? owner : recordOf(key));
    }
  }
}

/** Remembers what an answer of the operation at `path` hands out; its list items are its records. */
export function harvestAnswer(answer: unknown, pools: Pools, path: string): void {
  harvest(answer, pools, '', recordOf(path));
}
