import type { ReactNode } from 'react';
import styles from './plain-tag.module.css';

/** Ant Design's preset tag colours that plain tags draw (add one to the CSS module first). */
export type PlainTagColour = 'blue' | 'purple' | 'cyan' | 'orange' | 'red';

interface PlainTagProps {
  colour: PlainTagColour;
  /** `outlined` (a border in the colour) as Ant Design's default, or `filled` (no border). */
  variant?: 'outlined' | 'filled';
  children: ReactNode;
}

/**
 * A small coloured label drawn like Ant Design's preset `Tag` in the console's theme, for screens
 * that load none of Ant Design (the overview's recent orders and announcements).
 */
export function PlainTag({ colour, variant = 'outlined', children }: PlainTagProps) {
  return <span className={`${styles.tag} ${styles[colour]} ${styles[variant]}`}>{children}</span>;
}
