import type { Instance } from '@stratus/contract';
import { useEffect, useState } from 'react';
import { useReducedMotion } from '../../shared/ui/use-reduced-motion.ts';
import { keepRowOrder, type KeptRows } from './kept-row-order.ts';

/** How long a renewed row stays highlighted. */
export const RENEWED_HIGHLIGHT_MS = 3000;

interface Renewal extends KeptRows {
  /** The list query the order was kept for: another filter or page is a fresh list. */
  queryKey: string;
  highlighted: boolean;
}

/**
 * After a renewal, keeps the IP list's rows where they were and highlights the renewed ones,
 * scrolled into view, for a few seconds. A new filter or page shows the server's order again.
 */
export function useRenewedRows(rows: Instance[], queryKey: string) {
  const [renewal, setRenewal] = useState<Renewal | null>(null);
  const reducedMotion = useReducedMotion();
  const current = renewal?.queryKey === queryKey ? renewal : null;

  const firstHighlighted = current?.highlighted ? current.renewed[0]?.id : undefined;
  useEffect(() => {
    if (!firstHighlighted) return;
    document
      .querySelector(`[data-row-key="${CSS.escape(firstHighlighted)}"]`)
      ?.scrollIntoView?.({ block: 'nearest', behavior: reducedMotion ? 'auto' : 'smooth' });
    const timer = setTimeout(
      () => setRenewal((value) => (value ? { ...value, highlighted: false } : value)),
      RENEWED_HIGHLIGHT_MS,
    );
    return () => clearTimeout(timer);
  }, [firstHighlighted, reducedMotion]);

  return {
    rows: current ? keepRowOrder(rows, current) : rows,
    isHighlighted: (id: string) =>
      current?.highlighted === true && current.renewed.some((row) => row.id === id),
    onRenewed: (renewed: Instance[]) =>
      setRenewal({
        ids: (current ? keepRowOrder(rows, current) : rows).map((row) => row.id),
        renewed,
        queryKey,
        highlighted: true,
      }),
  };
}
