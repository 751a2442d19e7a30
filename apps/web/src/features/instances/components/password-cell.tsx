import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { PASSWORD_MASK } from '../password-mask.ts';

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
      <Tooltip title={label}>
        <Button
          type="text"
          aria-label={label}
          aria-pressed={shown}
          icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={() => (onShownChange ?? setShownHere)(!shown)}
        />
      </Tooltip>
      <CopyButton text={password} label={t('instances.list.copyPassword')} />
    </span>
  );
}
