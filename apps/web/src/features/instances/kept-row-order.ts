import type { Instance } from '@stratus/contract';

/** The rows as they stood when the customer renewed, and what the renewal answered. */
export interface KeptRows {
  ids: string[];
  renewed: Instance[];
}

/**
 * The fresh rows in the order the customer last saw them. The list is sorted by expiry, so a
 * renewed row would otherwise jump down, often to another page, just as the customer looks for
 * it: it stays where it was (with its new expiry, from the renewal's answer if the page no longer
 * holds it). Rows new to the page follow; rows gone from it (and not renewed) are left out.
 */
export function keepRowOrder(fresh: Instance[], kept: KeptRows): Instance[] {
  const byId = new Map(fresh.map((row) => [row.id, row]));
  const renewedById = new Map(kept.renewed.map((row) => [row.id, row]));
  const shown = kept.ids.flatMap((id) => {
    const row = byId.get(id) ?? renewedById.get(id);
    return row ? [row] : [];
  });
  const seen = new Set(kept.ids);
  return [...shown, ...fresh.filter((row) => !seen.has(row.id))];
}
