import { useLayoutEffect, useRef, useState } from 'react';

/**
 * An element's width, followed as it resizes. `fallback` stands until the element is measured,
 * and wherever it cannot be (no ResizeObserver, or a zero width as in jsdom).
 */
export function useElementWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = (measured: number) => {
      if (measured > 0) setWidth(Math.round(measured));
    };
    measure(element.getBoundingClientRect().width);
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) measure(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return { ref, width };
}
