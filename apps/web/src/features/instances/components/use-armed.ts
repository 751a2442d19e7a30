import { useCallback, useRef, useState } from 'react';

/**
 * For a button whose popup (a confirmation, a menu) is mounted only when first wanted: `armed`
 * turns true at the first click. The button is then remounted, inside a lazily loaded popup's
 * trigger and first inside the fallback drawn while that loads; each time the focus would be
 * left on nothing, the new button takes it back (a keyboard user stays where they were).
 */
export function useArmed<Element extends HTMLElement>() {
  const [armed, setArmed] = useState(false);
  const element = useRef<Element | null>(null);
  const ref = useCallback(
    (node: Element | null) => {
      element.current = node;
      const focused = document.activeElement;
      if (armed && node && (focused === null || focused === document.body)) node.focus();
    },
    [armed],
  );
  return { armed, arm: () => setArmed(true), ref, element };
}
