import styles from './plain-skeleton.module.css';

interface PlainSkeletonProps {
  /** Sets the width (and may change the height) of the placeholder. */
  className?: string;
}

/**
 * Ant Design's active skeleton of a small input or button, drawn without it: a grey bar that
 * shimmers while data loads. Marked busy, as Ant Design's is found by its class: the web
 * benchmark waits for neither before it calls a first screen usable.
 */
export function PlainSkeleton({ className }: PlainSkeletonProps) {
  return (
    <span
      className={className ? `${styles.skeleton} ${className}` : styles.skeleton}
      aria-busy="true"
    />
  );
}
