import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOUCH_TARGET } from '../../../shared/ui/touch-target.ts';
import { PASSWORD_MASK } from '../password-mask.ts';
import { CellCopyButton } from './cell-copy-button.tsx';
import styles from './cells.module.css';

interface PasswordCellProps {
  password: string;
  /** Given with `onShownChange` when something beside the cell shows the password too. */
  shown?: boolean;
  onShownChange?: (shown: boolean) => void;
}

/** A password shown masked until revealed; copying never needs revealing. */
export function PasswordCell({ password, shown: shownProp, onShownChange }: PasswordCellProps) {
  const { t } = useTranslation();
  const [shownHere, setShownHere] = useState(false);
  const shown = shownProp ?? shownHere;
  const label = shown ? t('instances.list.hidePassword') : t('instances.list.showPassword');
  return (
    <span>
      <code data-testid="password-value">{shown ? password : PASSWORD_MASK}</code>
      <button
        type="button"
        className={`${styles.iconButton} ${TOUCH_TARGET}`}
        aria-label={label}
        aria-pressed={shown}
        title={label}
        onClick={() => (onShownChange ?? setShownHere)(!shown)}
      >
        {shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
      </button>
      <CellCopyButton text={password} label={t('instances.list.copyPassword')} />
    </span>
  );
}
