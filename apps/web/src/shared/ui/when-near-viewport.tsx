import { useEffect, useRef, useState, type ReactNode } from 'react';

interface WhenNearViewportProps {
  /** The placeholder's height: the space the content takes, so nothing moves when it comes. */
  height: number;
  children: ReactNode;
}

/**
 * Renders `children` only once their place reaches the viewport, and not before the page's first
 * paint: a heavy part further down (a chart and its library) is neither fetched nor run while
 * the first screen is drawn. Until then an empty box of `height` holds the space. Where the
 * browser cannot tell (no IntersectionObserver), the children render at once.
 */
export function WhenNearViewport({ height, children }: WhenNearViewportProps) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = placeholder.current;
    if (near || !element) return;
    let observer: IntersectionObserver | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame, then a task: the callback runs after the browser has painted that frame.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        observer = new IntersectionObserver((entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer?.disconnect();
            setNear(true);
          }
        });
        observer.observe(element);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      observer?.disconnect();
    };
  }, [near]);

  return near ? children : <div ref={placeholder} style={{ height }} data-testid="deferred" />;
}
