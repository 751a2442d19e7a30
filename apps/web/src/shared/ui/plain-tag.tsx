import type { ReactNode } from 'react';
import styles from './plain-tag.module.css';

/** Ant Design's tag colours that plain tags draw (add one to the CSS module first). */
export type PlainTagColour =
  'default' | 'success' | 'warning' | 'green' | 'blue' | 'purple' | 'cyan' | 'orange' | 'red';

interface PlainTagProps {
  colour: PlainTagColour;
  /** `outlined` (a border in the colour) as Ant Design's default, or `filled` (no border). */
  variant?: 'outlined' | 'filled';
  children: ReactNode;
  'data-testid'?: string;
  'data-status'?: string;
}

/**
 * A small coloured label drawn like Ant Design's preset `Tag` in the console's theme, for screens
 * that load none of Ant Design (the overview's recent orders and announcements, the IP list's
 * cells).
 */
export function PlainTag({ colour, variant = 'outlined', children, ...rest }: PlainTagProps) {
  return (
    <span className={`${styles.tag} ${styles[colour]} ${styles[variant]}`} {...rest}>
      {children}
    </span>
  );
}
