import type { ReactNode } from 'react';
import styles from './cells.module.css';

/** The tag colours the IP list's cells use (Ant Design's names; `default` is grey). */
export type CellTagColour = 'default' | 'success' | 'warning' | 'green' | 'blue' | 'orange' | 'red';

interface CellTagProps {
  colour?: CellTagColour;
  children: ReactNode;
  'data-testid'?: string;
  'data-status'?: string;
}

/** A tag drawn like Ant Design's filled `Tag` (cells.module.css), built of one `span`. */
export function CellTag({ colour = 'default', children, ...rest }: CellTagProps) {
  const tone = colour === 'default' ? '' : ` ${styles[colour]}`;
  return (
    <span className={`${styles.tag}${tone}`} {...rest}>
      {children}
    </span>
  );
}
