import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * Wraps a control that sits in a table's column title, such as the select-all checkbox. Ant
 * Design copies every title of a scrolling table into a hidden row (`aria-hidden`) to measure the
 * columns; a control there is an invisible second tab stop that screen readers cannot name. The
 * copy is made inert, the real title stays as it is.
 */
export function TableTitleControl({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const node = ref.current;
    if (node?.closest('[aria-hidden="true"]')) node.setAttribute('inert', '');
  }, []);
  return <span ref={ref}>{children}</span>;
}
