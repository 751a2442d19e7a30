import { useEffect, useRef, useState } from 'react';

/**
 * For a button whose popup (a confirmation) is mounted only when first wanted: `armed` turns
 * true at the first click, and the button, remounted inside the popup's trigger, gets the focus
 * back (a keyboard user stays where they were).
 */
export function useArmed<Element extends HTMLElement>() {
  const [armed, setArmed] = useState(false);
  const ref = useRef<Element>(null);
  useEffect(() => {
    if (armed) ref.current?.focus();
  }, [armed]);
  return { armed, arm: () => setArmed(true), ref };
}
