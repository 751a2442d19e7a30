import type { ReactNode } from 'react';
import styles from './plain-card.module.css';

interface PlainCardProps {
  title?: ReactNode;
  /** Beside the title, at the end of the head (a link to more). */
  extra?: ReactNode;
  /** Shows grey lines instead of the content, marked busy (the page is not usable yet). */
  loading?: boolean;
  /**
   * The height (px) the content will take once loaded: the grey lines stand that tall, so the
   * card does not grow under the page's eyes when its content comes (a layout shift).
   */
  loadingHeight?: number;
  className?: string;
  children?: ReactNode;
  'data-testid'?: string;
}

/**
 * A card drawn like Ant Design's (its look in the console's theme), for the overview's first
 * screen, which loads no Ant Design (issue 18).
 */
export function PlainCard({
  title,
  extra,
  loading,
  loadingHeight,
  className,
  children,
  ...rest
}: PlainCardProps) {
  return (
    <div className={className ? `${styles.card} ${className}` : styles.card} {...rest}>
      {(title || extra) && (
        <div className={styles.head}>
          {/* Marked for the layout checks (e2e), which look for cut titles. */}
          <div className={styles.title} data-card-title="">
            {title}
          </div>
          {/* `plain-card-extra`: its link takes a finger's 44 px on touch screens (global.css). */}
          {extra && <div className={`${styles.extra} plain-card-extra`}>{extra}</div>}
        </div>
      )}
      <div className={styles.body}>
        {loading ? (
          <div
            className={styles.skeleton}
            style={loadingHeight === undefined ? undefined : { minHeight: loadingHeight }}
            aria-busy="true"
          >
            <span className={styles.line} />
            <span className={styles.line} />
            <span className={styles.line} />
            <span className={styles.line} />
          </div>
        ) : (
          children
        )}
      </div>
    </div>
  );
}
