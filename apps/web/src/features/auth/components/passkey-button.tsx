import type { ReactNode } from 'react';
import styles from './passkey-button.module.css';

/** The portal's full-width secondary button for a passkey; waits with a spinner while it runs. */
export function PasskeyButton({
  pending,
  onClick,
  children,
}: {
  pending: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={styles.button}
      disabled={pending}
      aria-busy={pending}
      onClick={onClick}
    >
      {pending ? (
        <span className={styles.spinner} aria-hidden />
      ) : (
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden focusable="false">
          <circle cx="8" cy="8" r="4" />
          <path d="M2 21v-1a6 6 0 0 1 9.5-4.9M15 13a3 3 0 1 1 4 2.8V21l-1.5 1-1.5-1v-1l1-1-1-1v-2.2A3 3 0 0 1 15 13Z" />
        </svg>
      )}
      {children}
    </button>
  );
}
