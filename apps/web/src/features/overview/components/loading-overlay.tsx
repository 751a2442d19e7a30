import type { ReactNode } from 'react';
import styles from './loading-overlay.module.css';

interface LoadingOverlayProps {
  loading: boolean;
  /** What is loading, for screen readers (the spinner's name). */
  label: string;
  children: ReactNode;
}

/**
 * Ant Design's `Spin` around content, drawn plainly: while loading, the content fades behind four
 * turning dots and is marked busy (the browser journeys wait for that to clear).
 */
export function LoadingOverlay({ loading, label, children }: LoadingOverlayProps) {
  return (
    <div className={styles.nested} aria-busy={loading || undefined}>
      {loading && (
        <span role="status" aria-label={label} className={styles.spinner}>
          <span className={styles.dots} aria-hidden="true">
            <i className={styles.dot} />
            <i className={styles.dot} />
            <i className={styles.dot} />
            <i className={styles.dot} />
          </span>
        </span>
      )}
      <div className={loading ? `${styles.content} ${styles.faded}` : styles.content}>
        {children}
      </div>
    </div>
  );
}
