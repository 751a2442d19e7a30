import layout from '../shared/ui/page-fallback.module.css';
import styles from './route-fallback.module.css';

/**
 * What shows while a route's code loads, before Ant Design has (its Spin would need it): a
 * spinner drawn by CSS alone, placed as PageFallback places its Spin.
 */
export function RouteFallback() {
  return (
    <div className={layout.centre} aria-busy="true" aria-live="polite">
      <span className={styles.spinner} />
    </div>
  );
}
