import type { ReactNode } from 'react';
import styles from './submit-button.module.css';

/** The forms' primary, full-width button; while the call runs it waits with a spinner. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={styles.button} disabled={pending} aria-busy={pending}>
      {pending && <span className={styles.spinner} aria-hidden />}
      {children}
    </button>
  );
}
