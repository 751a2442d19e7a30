import styles from './route-fallback.module.css';

/**
 * What shows while a route's code loads, before Ant Design has (its Spin would need it): a
 * spinner drawn by CSS alone, like PageFallback's.
 */
export function RouteFallback() {
  return (
    <div className={styles.centre} aria-busy="true" aria-live="polite">
      <span className={styles.spinner} />
    </div>
  );
}
