import { EyeInvisibleOutlined, EyeOutlined } from './portal-icons.tsx';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './text-field.module.css';

interface TextFieldProps {
  label: string;
  /** Drawn before the input, as Ant Design's `prefix`. */
  icon: ReactNode;
  type: 'email' | 'text' | 'password';
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  autoComplete: string;
  /** The field's problem, shown under it in red. */
  problem?: string;
  /** A hint under the field (the password's rules). */
  help?: string;
  /** The on-screen keyboard a phone shows: `numeric` for a 6-digit code. */
  inputMode?: 'numeric' | 'text';
  maxLength?: number;
  autoFocus?: boolean;
}

/**
 * One labelled input of the portal's forms, drawn as Ant Design's large affixed input in a
 * vertical form item (the portal loads no Ant Design). A password gets a show/hide button.
 */
export function TextField({
  label,
  icon,
  type,
  problem,
  help,
  onChange,
  ...input
}: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const notes = [problem && `${id}-problem`, help && `${id}-help`].filter(Boolean).join(' ');
  return (
    <div className={styles.item}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <span className={problem ? `${styles.box} ${styles.invalid}` : styles.box}>
        <span className={styles.icon} aria-hidden>
          {icon}
        </span>
        <input
          {...input}
          id={id}
          className={styles.input}
          type={type === 'password' && revealed ? 'text' : type}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={notes || undefined}
        />
        {type === 'password' && (
          <button
            type="button"
            className={styles.reveal}
            aria-label={t(revealed ? 'auth.field.hidePassword' : 'auth.field.showPassword')}
            aria-pressed={revealed}
            onClick={() => setRevealed((shown) => !shown)}
          >
            {revealed ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          </button>
        )}
      </span>
      {problem && (
        <div id={`${id}-problem`} className={styles.problem} role="alert">
          {problem}
        </div>
      )}
      {help && (
        <div id={`${id}-help`} className={styles.help}>
          {help}
        </div>
      )}
    </div>
  );
}
