import { PageFallback } from './page-fallback.tsx';
import styles from './overlay-fallback.module.css';

/**
 * What a lazily loaded dialog or drawer shows while its code arrives (a first opening before the
 * hover or focus that fetches it ahead had time to): the page's spinner over the screen's centre,
 * letting clicks through, in place of the dialog about to open.
 */
export function OverlayFallback() {
  return (
    <div className={styles.overlay}>
      <PageFallback />
    </div>
  );
}
